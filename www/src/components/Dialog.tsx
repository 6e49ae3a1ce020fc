import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

/** A modal dialog (native `<dialog>`: focus is kept inside, Escape closes). */
export function Dialog({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    const opener = document.activeElement as HTMLElement | null;
    return () => opener?.focus?.();
  }, []);
  return (
    <dialog
      ref={ref}
      class={`dialog${wide ? ' dialog-wide' : ''}`}
      aria-labelledby={id}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header class="dialog-head">
        <h2 id={id}>{title}</h2>
        <button type="button" class="btn btn-ghost" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </header>
      <div class="dialog-body">{children}</div>
    </dialog>
  );
}
