// The planner's modal dialogs: native `<dialog>` (focus kept inside, labelled by its title), an
// editor's that asks before Escape or ✕ drops what was typed, and the planner's own question for
// a deletion or an unusual figure (`useConfirm`), never the browser's confirm box.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

/** A modal dialog. With `dirty`, Escape and ✕ first ask whether to drop the changes. */
export function Dialog({
  title,
  onClose,
  children,
  wide,
  dirty,
}: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  wide?: boolean;
  dirty?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    const opener = document.activeElement as HTMLElement | null;
    return () => opener?.focus?.();
  }, []);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const close = () => (dirty && !asking ? setAsking(true) : onClose());
  return (
    <dialog
      ref={ref}
      class={`dialog${wide ? ' dialog-wide' : ''}`}
      aria-labelledby={id}
      onCancel={(e) => {
        e.preventDefault();
        if (asking) setAsking(false);
        else close();
      }}
    >
      <header class="dialog-head">
        <h2 id={id}>{title}</h2>
        <button type="button" class="btn btn-ghost" onClick={close} aria-label="Close">
          ✕
        </button>
      </header>
      {asking ? (
        <div class="alert alert-warning" role="alertdialog" aria-labelledby={`${id}-drop`} data-testid="discard-question">
          <p id={`${id}-drop`}>
            <strong>Discard your changes?</strong> What you typed in this editor is not saved.
          </p>
          <div class="form-actions start">
            <button type="button" class="btn btn-danger" onClick={onClose}>
              Discard changes
            </button>
            <button type="button" class="btn" ref={keep} onClick={() => setAsking(false)}>
              Keep editing
            </button>
          </div>
        </div>
      ) : null}
      <div class="dialog-body">{children}</div>
    </dialog>
  );
}

/** A question for the user. */
export interface Question {
  /** The dialog's title. */
  title: string;
  /** What happens, in a sentence or two. */
  text: ComponentChildren;
  /** The button that goes ahead ("Delete", "Save anyway"). */
  confirm: string;
  /** Whether going ahead destroys something (a red button). */
  danger?: boolean;
}

/** The planner's own confirmation: `ask(question)` shows it and resolves to whether the user went
 * ahead; `element` is to be rendered where the screen renders its dialogs. */
export function useConfirm(): { ask: (question: Question) => Promise<boolean>; element: ComponentChildren } {
  const [open, setOpen] = useState<(Question & { resolve: (yes: boolean) => void }) | null>(null);
  const ask = (question: Question) => new Promise<boolean>((resolve) => setOpen({ ...question, resolve }));
  const answer = (yes: boolean) => {
    open?.resolve(yes);
    setOpen(null);
  };
  const element = open ? (
    <Dialog title={open.title} onClose={() => answer(false)}>
      <div class="confirm-question" data-testid="confirm-question">
        <p>{open.text}</p>
        <div class="form-actions start">
          <button type="button" class={`btn ${open.danger ? 'btn-danger' : 'btn-primary'}`} onClick={() => answer(true)}>
            {open.confirm}
          </button>
          <button type="button" class="btn" autoFocus onClick={() => answer(false)}>
            Cancel
          </button>
        </div>
      </div>
    </Dialog>
  ) : null;
  return { ask, element };
}
