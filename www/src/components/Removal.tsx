// A table row's removal in two steps (its button, then Confirm or Keep), and the state of a table
// whose rows can be removed: which row is asked about, the request under way, the server's refusal
// (shown as it words it: S5.6's 409 names the folios that still need a rate).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import type { Refusal } from '../api/errors';

/** The removal state of a table: `ask(key)` shows a row's confirmation, `remove` sends it. */
export function useRemoval<T>(send: (item: T) => Promise<void>) {
  const [asked, setAsked] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async (item: T) => {
    setBusy(true);
    setRefusal(null);
    try {
      await send(item);
      setAsked(null);
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.refusal : { status: 0, messages: [String(error)], fields: {} });
    } finally {
      setBusy(false);
    }
  };
  return { asked, ask: setAsked, refusal, busy, remove };
}

/**
 * A row's actions: `children` (other actions), Edit when `onEdit` is given, and the `verb`
 * button; once asked, Confirm and Keep. `what` names the row in every button's accessible name
 * ("Edit Weekday overtime", "Delete Weekday overtime").
 */
export function RemoveActions({
  verb,
  what,
  asking,
  busy,
  onAsk,
  onKeep,
  onConfirm,
  onEdit,
  children,
}: {
  verb: 'Remove' | 'Delete';
  what: string;
  asking: boolean;
  busy: boolean;
  onAsk: () => void;
  onKeep: () => void;
  onConfirm: () => void;
  onEdit?: () => void;
  children?: ComponentChildren;
}) {
  return asking ? (
    <span class="row-actions">
      <button type="button" class="btn btn-small btn-danger" disabled={busy} aria-label={`Confirm: ${verb.toLowerCase()} ${what}`} onClick={onConfirm}>
        Confirm
      </button>{' '}
      <button type="button" class="btn btn-small btn-ghost" onClick={onKeep}>
        Keep
      </button>
    </span>
  ) : (
    <span class="row-actions">
      {children}
      {onEdit ? (
        <button type="button" class="btn btn-small btn-ghost" aria-label={`Edit ${what}`} onClick={onEdit}>
          Edit
        </button>
      ) : null}
      <button type="button" class="btn btn-small btn-ghost" aria-label={`${verb} ${what}`} onClick={onAsk}>
        {verb}
      </button>
    </span>
  );
}

/** A form that adds a record or changes the one being edited: its submit button, and Cancel while editing. */
export function EditActions({
  busy,
  editing,
  add,
  save = 'Save changes',
  onCancel,
}: {
  busy: boolean;
  editing: boolean;
  add: string;
  save?: string;
  onCancel: () => void;
}) {
  return (
    <div class="form-actions start">
      <button type="submit" class="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : editing ? save : add}
      </button>
      {editing ? (
        <button type="button" class="btn" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
