// The planner's keyboard shortcuts. Everywhere: `?` lists them; in a folio, `[` and `]` go to the
// previous and next tab, `1` to `9` to a tab by its place; in a form or an editor, Ctrl+Enter (⌘+Enter)
// saves and Escape cancels (the dialog's own). A screen adds its own while it is shown
// (`useShortcut`: the costs screen's "add", what-if's undo and redo), and the help lists those too.
// A letter typed in a field is the field's: only Ctrl+Enter and Escape act there.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { FOLIO_TABS, folioAddress, folioHref } from '../lib/routes';
import { Dialog } from './Dialog';

/** A shortcut: its keys as the help shows them, what it does, and whether `event` is it. */
export interface Shortcut {
  keys: string;
  does: string;
  matches: (event: KeyboardEvent) => boolean;
  run: () => void;
}

const screenShortcuts = new Set<Shortcut>();
let changed: () => void = () => {};

/** Registers `shortcut` while the calling component is shown. */
export function useShortcut(shortcut: Shortcut): void {
  useEffect(() => {
    screenShortcuts.add(shortcut);
    changed();
    return () => {
      screenShortcuts.delete(shortcut);
      changed();
    };
  });
}

/** A plain key (no Ctrl, Alt or ⌘), as typed (`?`, `n`, `]`). */
export const plain = (key: string) => (e: KeyboardEvent) => e.key === key && !e.ctrlKey && !e.metaKey && !e.altKey;
/** Ctrl+key or ⌘+key (`z`), with or without Shift as asked. */
export const command =
  (key: string, shift = false) =>
  (e: KeyboardEvent) =>
    (e.ctrlKey || e.metaKey) && !e.altKey && e.shiftKey === shift && e.key.toLowerCase() === key;

/** Whether the key goes to a field: typing there is text, not a shortcut. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** The shortcuts every screen has, and those of a folio's tabs. */
const GLOBAL: readonly { keys: string; does: string }[] = [
  { keys: '?', does: 'Show these shortcuts' },
  { keys: '[ and ]', does: 'In a folio: the previous and the next tab' },
  { keys: '1 to 9', does: 'In a folio: its first to ninth tab' },
  { keys: 'Ctrl+Enter (⌘+Enter)', does: 'In a form or an editor: save' },
  { keys: 'Escape', does: 'Close an editor or this help without saving' },
];

/** Listens to the keyboard for the whole planner and shows the help on `?`. */
export function Shortcuts() {
  const { path, route } = useLocation();
  const [help, setHelp] = useState(false);
  const [, setVersion] = useState(0);
  useEffect(() => {
    changed = () => setVersion((v) => v + 1);
    return () => {
      changed = () => {};
    };
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        const form = (e.target as HTMLElement | null)?.closest?.('form') ?? document.querySelector<HTMLFormElement>('dialog[open] form');
        if (form) {
          e.preventDefault();
          form.requestSubmit();
        }
        return;
      }
      if (typing(e.target) || document.querySelector('dialog[open]')) return;
      if (plain('?')(e)) {
        e.preventDefault();
        setHelp(true);
        return;
      }
      const here = folioAddress(path);
      if (here && !e.ctrlKey && !e.metaKey && !e.altKey) {
        const at = FOLIO_TABS.findIndex((t) => t.tab === here.tab);
        const to = e.key === '[' ? at - 1 : e.key === ']' ? at + 1 : /^[1-9]$/.test(e.key) ? Number(e.key) - 1 : null;
        const next = to === null ? undefined : FOLIO_TABS[to];
        if (next) {
          e.preventDefault();
          route(folioHref(here.id, next.tab));
          return;
        }
      }
      for (const s of screenShortcuts)
        if (s.matches(e)) {
          e.preventDefault();
          s.run();
          return;
        }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [path, route]);
  if (!help) return null;
  return (
    <Dialog title="Keyboard shortcuts" onClose={() => setHelp(false)}>
      <dl class="shortcuts">
        {[...GLOBAL, ...[...screenShortcuts].map((s) => ({ keys: s.keys, does: s.does }))].map((s) => (
          <div key={s.keys + s.does}>
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.does}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
