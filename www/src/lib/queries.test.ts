import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/preact-query';
import { folioChanged, preload, queryClient } from './queries';

/** A screen showing `options`' answer: subscribed until the returned function is called. */
function show(options: { queryKey: readonly unknown[]; queryFn: () => Promise<number> }): { observer: QueryObserver<number>; close: () => void } {
  const observer = new QueryObserver<number>(queryClient, options);
  const close = observer.subscribe(() => undefined);
  return { observer, close };
}

/** A folio header's query whose answer is how many times it was asked. */
function counted(folio: string): { options: { queryKey: readonly unknown[]; queryFn: () => Promise<number> }; asked: () => number } {
  let asked = 0;
  return { options: { queryKey: ['folio', folio, 'header'] as const, queryFn: () => Promise.resolve(++asked) }, asked: () => asked };
}

afterEach(() => queryClient.clear());

describe('preload', () => {
  it('asks once: the first screen shows the answer without asking again', async () => {
    const { options, asked } = counted('7');
    await preload(options);
    expect(asked()).toBe(1);
    const screen = show(options);
    await Promise.resolve();
    expect(asked()).toBe(1);
    expect(screen.observer.getCurrentResult().data).toBe(1);
    // Asked for while the answer is there: nothing asked.
    await preload(options);
    expect(asked()).toBe(1);
    screen.close();
  });

  it('only for its first screen and answer: a change asks again, and so does every later screen', async () => {
    const { options, asked } = counted('8');
    await preload(options);
    const screen = show(options);
    // A change of the folio: the screen on show asks again at once.
    await folioChanged('8');
    expect(asked()).toBe(2);
    expect(screen.observer.getCurrentResult().data).toBe(2);
    screen.close();
    // The next answer is an ordinary one: the next screen that shows it asks again.
    const next = show(options);
    await vi.waitFor(() => expect(asked()).toBe(3));
    next.close();
  });

  it('only for the first screen: another one showing it later asks again', async () => {
    const { options, asked } = counted('11');
    await preload(options);
    const first = show(options);
    await new Promise((done) => setTimeout(done, 10));
    expect(asked()).toBe(1);
    first.close();
    const second = show(options);
    await vi.waitFor(() => expect(asked()).toBe(2));
    second.close();
  });

  it('leaves other answers as they were: stale at once, asked again by each screen', async () => {
    const { options, asked } = counted('9');
    const first = show(options);
    await vi.waitFor(() => expect(first.observer.getCurrentResult().data).toBe(1));
    first.close();
    const second = show(options);
    await vi.waitFor(() => expect(asked()).toBe(2));
    second.close();
  });

  it('keeps a refusal for its screen, which asks again', async () => {
    let asked = 0;
    const options = {
      queryKey: ['folio', '10', 'header'] as const,
      queryFn: () => {
        asked += 1;
        return Promise.reject(new Error('not found'));
      },
    };
    await expect(preload(options)).resolves.toBeUndefined();
    expect(queryClient.getQueryState(options.queryKey)?.status).toBe('error');
    const screen = show(options);
    await vi.waitFor(() => expect(asked).toBe(2));
    screen.close();
  });
});
