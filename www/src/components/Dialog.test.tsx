/** @vitest-environment happy-dom */
// The planner's dialogs: an editor with changes asks before Escape or ✕ drops them; one without
// closes at once; the planner's own question resolves to the user's answer.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { Dialog, useConfirm } from './Dialog';

const escape = () => fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));

describe('Dialog', () => {
  it('asks before Escape drops what was typed, and keeps editing when told', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Edit expense" onClose={onClose} dirty>
        <input aria-label="Name" />
      </Dialog>,
    );
    escape();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('discard-question').textContent).toContain('Discard your changes?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByTestId('discard-question')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once when nothing was changed', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Add an expense" onClose={onClose}>
        <p>empty</p>
      </Dialog>,
    );
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks the planner's own question and answers what the user chose", async () => {
    const answers: boolean[] = [];
    function Screen() {
      const confirm = useConfirm();
      return (
        <div>
          {confirm.element}
          <button
            type="button"
            onClick={() =>
              void confirm
                .ask({ title: 'Delete baseline “B1”?', text: 'The budget falls back.', confirm: 'Delete baseline', danger: true })
                .then((yes) => answers.push(yes))
            }
          >
            Delete
          </button>
        </div>
      );
    }
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('heading', { name: 'Delete baseline “B1”?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([false]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete baseline' }));
    await waitFor(() => expect(answers).toEqual([false, true]));
    expect(screen.queryByTestId('confirm-question')).toBeNull();
  });
});
