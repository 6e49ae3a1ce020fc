// Small building blocks shared by the screens.
import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';
import type { Status } from '../api/types';
import { STATUS_LABEL } from '../lib/lights';
import { refusalLines, type Refusal } from '../api/errors';
import { ApiError } from '../api/client';
import * as fmt from '../lib/format';
import { folioHref } from '../lib/routes';

/** A traffic light: a coloured dot with its text label (colour is never the only cue). */
export function Rag({ status, label, title }: { status: Status; label?: string; title?: string }) {
  return (
    <span class={`rag rag-${status}`} title={title} data-status={status}>
      <span class="dot" aria-hidden="true" />
      {label ? <span class="rag-name">{label}: </span> : null}
      <span class="rag-text">{STATUS_LABEL[status]}</span>
    </span>
  );
}

export function FolioStatus({ status }: { status: string }) {
  return <span class={`badge status-${status}`}>{status}</span>;
}

/** A money figure; `data-value` holds the server's exact string. */
export function Money({ value, currency, indicator }: { value: string | null | undefined; currency: string; indicator?: string }) {
  return (
    <span class="num" data-indicator={indicator} data-value={value ?? ''}>
      {fmt.money(value, currency)}
    </span>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p class="loading" role="status">
      <span class="spinner" aria-hidden="true" /> {label}…
    </p>
  );
}

export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const messages =
    error instanceof ApiError ? error.refusal.messages.concat(Object.values(error.refusal.fields)) : [error instanceof Error ? error.message : String(error)];
  return (
    <div class="alert alert-error" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
      {onRetry ? (
        <button type="button" class="btn" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/**
 * Where a screen's figures would be, when the server answered that it cannot compute them (a 400:
 * e.g. an uncomputable folio, S5.6, answers S5.3's "No exchange rate from GBP to EUR ..."): the
 * server's message, in a card titled as the figures' would be. Any other failure (the network, a
 * 5xx, a 404) is an `ErrorBox` with "Try again".
 */
export function FiguresRefused({
  error,
  onRetry,
  title,
  children,
}: {
  error: unknown;
  onRetry?: () => void;
  title: ComponentChildren;
  children?: ComponentChildren;
}) {
  if (!isFiguresRefusal(error)) return <ErrorBox error={error} onRetry={onRetry} />;
  return (
    <Card title={title} class="figures-refused">
      <RefusalNotice error={error} />
      {children}
    </Card>
  );
}

/** Whether `error` is the server's refusal to compute figures (a 400), not a failure to try again. */
export function isFiguresRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400;
}

/** The server's refusal to compute figures, with its messages. */
export function RefusalNotice({ error }: { error: ApiError }) {
  return (
    <div class="alert alert-error" role="alert" data-refusal>
      <p>
        <strong>The server cannot compute these figures:</strong>
      </p>
      {refusalLines(error.refusal).map((m) => (
        <p key={m} class="refusal-message">
          {m}
        </p>
      ))}
    </div>
  );
}

/** Under a folio's refused figures: where its items are, with what can be computed of them. */
export function UncomputableNote({ folioId }: { folioId: string }) {
  return (
    <p class="muted">
      Every item of the folio is listed under <a href={folioHref(folioId, 'costs')}>Costs &amp; revenues</a>, with the figures that can be computed and the
      reason where they cannot.
    </p>
  );
}

/** The messages of a refusal that belong to no field, at the form's top. */
export function FormErrors({ refusal, note }: { refusal: Refusal | null; note?: string }) {
  if (!refusal) return null;
  const fieldCount = Object.keys(refusal.fields).length;
  if (refusal.messages.length === 0 && fieldCount === 0) return null;
  return (
    <div class="alert alert-error" role="alert">
      {refusal.messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
      {refusal.messages.length === 0 && fieldCount > 0 ? <p>Please correct the marked field{fieldCount > 1 ? 's' : ''}.</p> : null}
      {note ? <p class="muted">{note}</p> : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes, 'label' | 'onInput' | 'value' | 'type' | 'name'>;

/** What a field's control carries to be named, described and marked invalid. */
type ControlProps = { id: string; name: string; 'aria-invalid': 'true' | undefined; 'aria-describedby': string | undefined };

/**
 * A form field's frame: its label for the control `control` draws with the props it is given
 * (its id, its name, whether it is invalid and what describes it), its hint and its error below
 * it, the error marked with the field's `name` (where a refusal is placed).
 */
function FieldFrame({
  label,
  name,
  error,
  hint,
  control,
}: {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
  control: (props: ControlProps) => ComponentChildren;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-err` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      {control({ id, name, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-err`} class="field-error" data-field={name}>
          {error}
        </small>
      ) : null}
    </div>
  );
}

/**
 * A field's props for form value `key` of `values`: its `name` (the wire field the server's refusal
 * names, `key` by default), its value, its setter and its error: `<Field label="Amount"
 * {...bind(form, set, err, 'amount')} />`.
 */
export function bind<K extends string>(
  values: NoInfer<{ readonly [P in K]: string }>,
  set: NoInfer<(key: K) => (value: string) => void>,
  err: NoInfer<(key: K) => string | undefined>,
  key: K,
  name: string = key,
): { name: string; value: string; onValue: (value: string) => void; error: string | undefined } {
  return { name, value: values[key], onValue: set(key), error: err(key) };
}

export function Field({
  label,
  value,
  onValue,
  error,
  hint,
  type = 'text',
  name,
  ...rest
}: InputProps & { label: string; value: string; onValue: (v: string) => void; error?: string | undefined; hint?: string; type?: string; name: string }) {
  const control = (props: ControlProps) => <input {...props} type={type} value={value} onInput={(e) => onValue(e.currentTarget.value)} {...rest} />;
  return <FieldFrame label={label} name={name} error={error} hint={hint} control={control} />;
}

export function SelectField({
  label,
  value,
  onValue,
  options,
  error,
  name,
  hint,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  name: string;
  hint?: string;
}) {
  const control = (props: ControlProps) => (
    <select {...props} value={value} onChange={(e) => onValue(e.currentTarget.value)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return <FieldFrame label={label} name={name} error={error} hint={hint} control={control} />;
}

/** A checkbox's props for form value `key` of `values`: its name, whether it is checked, its setter. */
export function bindCheck<K extends string>(
  values: NoInfer<{ readonly [P in K]: boolean }>,
  set: NoInfer<(key: K) => (value: boolean) => void>,
  key: K,
): { name: string; checked: boolean; onValue: (value: boolean) => void } {
  return { name: key, checked: values[key], onValue: set(key) };
}

export function Checkbox({
  label,
  checked,
  onValue,
  name,
  hint,
}: {
  label: string;
  checked: boolean;
  onValue: (v: boolean) => void;
  name: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div class="field check">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(e) => onValue(e.currentTarget.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label for={id}>{label}</label>
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

export function Card({
  title,
  children,
  actions,
  class: cls,
  headingLevel = 2,
  busy,
}: {
  title?: ComponentChildren;
  children: ComponentChildren;
  actions?: ComponentChildren;
  class?: string;
  headingLevel?: 2 | 3;
  busy?: boolean;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section class={`card ${cls ?? ''}`} aria-busy={busy ? 'true' : undefined}>
      {title || actions ? (
        <header class="card-head">
          {title ? <H>{title}</H> : <span />}
          {actions ? <div class="actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}

/** A hint shown on hover and keyboard focus, read by screen readers as the element's description. */
export function Hint({ text, children }: { text: string; children: ComponentChildren }) {
  const id = useId();
  return (
    <span class="has-tip" tabIndex={0} aria-describedby={id}>
      {children}
      <span role="tooltip" id={id} class="tip">
        {text}
      </span>
    </span>
  );
}
