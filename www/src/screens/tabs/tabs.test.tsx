/** @vitest-environment happy-dom */
import { describe, expect, it } from 'vitest';
import { FOLIO_TABS } from '../../lib/routes';

// Every tab's screen is the file its entry names, exporting the component of that name: the
// folio's frame loads it by that name alone.
const modules = import.meta.glob<Record<string, unknown>>(['./*.tsx', '!./*.test.tsx']);

describe("a folio's tabs", () => {
  it('each have their screen in screens/tabs, and every screen there is a tab', async () => {
    const files = Object.keys(modules).sort();
    expect(files).toEqual(FOLIO_TABS.map((t) => `./${t.screen}.tsx`).sort());
    for (const t of FOLIO_TABS) {
      const module = await modules[`./${t.screen}.tsx`]!();
      expect(typeof module[t.screen], t.screen).toBe('function');
    }
  });
});
