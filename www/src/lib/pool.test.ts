import { describe, expect, it } from 'vitest';
import { throttled } from './pool';

describe('throttled', () => {
  it('runs at most six tasks at a time, all of them, in order', async () => {
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const gates: (() => void)[] = [];
    const results = Array.from({ length: 15 }, (_, i) =>
      throttled(async () => {
        started.push(i);
        now += 1;
        most = Math.max(most, now);
        await new Promise<void>((resolve) => gates.push(resolve));
        now -= 1;
        return i;
      }),
    );
    // Let every task that may start start, then open the gates one at a time.
    for (let opened = 0; opened < 15; opened++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(now).toBeLessThanOrEqual(6);
      gates.shift()?.();
    }
    expect(await Promise.all(results)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(most).toBe(6);
    expect(started).toEqual(Array.from({ length: 15 }, (_, i) => i));
  });

  it('frees the slot of a task that fails', async () => {
    const failures = Array.from({ length: 6 }, () => throttled(() => Promise.reject(new Error('refused'))));
    for (const f of failures) await expect(f).rejects.toThrow('refused');
    expect(await throttled(() => Promise.resolve('next'))).toBe('next');
  });
});
