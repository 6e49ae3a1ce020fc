/** @vitest-environment happy-dom */
// The keyboard shortcuts: `?` lists them with the screen's own; `]` and `1`-`9` move between a
// folio's tabs; a screen's shortcut runs; a letter typed in a field is the field's; Ctrl+Enter
// submits the form the focus is in.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/preact';
import { LocationProvider, useLocation } from 'preact-iso';
import { plain, Shortcuts, useShortcut } from './Shortcuts';

function Where() {
  const { path } = useLocation();
  return <p data-testid="path">{path}</p>;
}

function Screen({ onAdd, onSave }: { onAdd: () => void; onSave: (e: Event) => void }) {
  useShortcut({ keys: 'n', does: 'Add an item', matches: plain('n'), run: onAdd });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave(e);
      }}
    >
      <label for="name">Name</label>
      <input id="name" />
    </form>
  );
}

function show(path: string) {
  history.replaceState(null, '', path);
  const onAdd = vi.fn();
  const onSave = vi.fn();
  render(
    <LocationProvider>
      <Where />
      <Screen onAdd={onAdd} onSave={onSave} />
      <Shortcuts />
    </LocationProvider>,
  );
  return { onAdd, onSave };
}

const key = (k: string, init: KeyboardEventInit = {}, target: Element = document.body) => fireEvent.keyDown(target, { key: k, bubbles: true, ...init });

describe('Shortcuts', () => {
  it('moves between a folio’s tabs with ] and [ and by number', async () => {
    show('/folios/3/costs');
    key(']');
    expect((await screen.findByTestId('path')).textContent).toBe('/folios/3/scope');
    key('[');
    key('[');
    expect(screen.getByTestId('path').textContent).toBe('/folios/3/forecast');
    key('1');
    expect(screen.getByTestId('path').textContent).toBe('/folios/3');
  });

  it('lists every shortcut, the screen’s too, on ?', async () => {
    show('/');
    key('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help.textContent).toContain('Add an item');
    expect(help.textContent).toContain('Ctrl+Enter');
  });

  it('runs a screen’s shortcut, but a letter typed in a field is the field’s', () => {
    const { onAdd } = show('/');
    key('n', {}, screen.getByLabelText('Name'));
    expect(onAdd).not.toHaveBeenCalled();
    key('n');
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('submits the form the focus is in on Ctrl+Enter', () => {
    const { onSave } = show('/');
    const field = screen.getByLabelText('Name');
    field.focus();
    key('Enter', { ctrlKey: true }, field);
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
