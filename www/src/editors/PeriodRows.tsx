// Rows of a position's history (rates or allocation periods) edited one row at a time: each Save,
// Delete or Add is one request, so a refusal never leaves anything half-saved.
import { Fragment } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import type { Refusal } from '../api/errors';
import { placeRefusal } from '../api/errors';
import { FormErrors } from '../components/ui';
import { Col } from '../components/Table';

export interface RowField<K extends string> {
  key: K;
  label: string;
  type?: 'date' | 'text';
  inputMode?: 'decimal' | 'numeric';
}

export interface Row<V> {
  id: string;
  values: V;
}

export function PeriodRows<V extends Record<keyof V & string, string>>({
  caption,
  fields,
  rows,
  validate,
  onSave,
  onAdd,
  onDelete,
  addLabel,
  emptyRow,
  canDelete,
  canAdd = true,
  note,
}: {
  caption: string;
  fields: RowField<keyof V & string>[];
  rows: Row<V>[];
  /** The checks before sending (the core's rules, lib/periods.ts): `replacing` is the row changed, absent for a new one. */
  validate: (values: V, replacing?: string) => Promise<Refusal | null>;
  onSave: (id: string, values: V) => Promise<unknown>;
  onAdd: (values: V) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
  addLabel: string;
  emptyRow: V;
  canDelete: boolean;
  /** Whether rows may be added (the server adds allocation periods to team members only). */
  canAdd?: boolean;
  /** A line under the table. */
  note?: string | undefined;
}) {
  const [edits, setEdits] = useState<Record<string, V>>({});
  const [refusals, setRefusals] = useState<Record<string, Refusal | null>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [adding, setAdding] = useState<V>(emptyRow);
  const running = useRef<string | null>(null);

  const valuesOf = (key: string, row?: Row<V>): V => edits[key] ?? row?.values ?? adding;
  /** Checks (unless deleting), then sends; a refusal, the core's or the server's, lands at its field. */
  const run = async (key: string, check: (() => Promise<Refusal | null>) | null, action: () => Promise<unknown>, after?: () => void) => {
    // One action at a time, kept in a ref during the check: a second click does nothing.
    if (running.current) return;
    running.current = key;
    try {
      // The check first, the state after it: a state set before the check's await would render
      // the editor before the request is sent, delaying every save by one render.
      const refused = check ? await check() : null;
      if (refused) {
        setRefusals((r) => ({ ...r, [key]: refused }));
        return;
      }
      setBusy(key);
      setRefusals((r) => ({ ...r, [key]: null }));
      await action();
      after?.();
    } catch (error) {
      const refusal =
        error instanceof ApiError
          ? placeRefusal(
              error.refusal,
              fields.map((f) => f.key),
            )
          : { status: 0, messages: [error instanceof Error ? error.message : String(error)], fields: {} };
      setRefusals((r) => ({ ...r, [key]: refusal }));
    } finally {
      running.current = null;
      setBusy(null);
    }
  };

  const inputs = (key: string, row?: Row<V>) =>
    fields.map((f) => {
      const values = valuesOf(key, row);
      const error = refusals[key]?.fields[f.key];
      const id = `${caption.replace(/\W+/g, '-')}-${key}-${f.key}`;
      return (
        <td key={f.key} data-label={f.label}>
          <label class="sr-only" for={id}>
            {f.label}
            {row ? ` of row ${key}` : ' of the new row'}
          </label>
          <input
            id={id}
            name={f.key}
            type={f.type ?? 'text'}
            inputMode={f.inputMode}
            value={values[f.key] ?? ''}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            onInput={(e) => {
              const v = e.currentTarget.value;
              if (row) setEdits((all) => ({ ...all, [key]: { ...(all[key] ?? row.values), [f.key]: v } }));
              else setAdding((a) => ({ ...a, [f.key]: v }));
            }}
          />
          {error ? (
            <small class="field-error" id={`${id}-err`} data-field={f.key}>
              {error}
            </small>
          ) : null}
        </td>
      );
    });

  return (
    <div class="table-scroll subtable">
      <table class="table table-edit">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {fields.map((f) => (
              <th key={f.key} scope="col">
                {f.label}
              </th>
            ))}
            <Col align="right">Actions</Col>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = row.id;
            const changed = !!edits[key];
            const refusal = refusals[key];
            return (
              <Fragment key={key}>
                <tr data-row-id={row.id}>
                  {inputs(key, row)}
                  <td class="row-actions">
                    <button
                      type="button"
                      class="btn btn-small"
                      disabled={!changed || busy !== null}
                      onClick={() => {
                        const values = valuesOf(key, row);
                        void run(
                          key,
                          () => validate(values, row.id),
                          () => onSave(row.id, values),
                          () =>
                            setEdits((all) => {
                              const { [key]: _, ...rest } = all;
                              return rest;
                            }),
                        );
                      }}
                    >
                      Save<span class="sr-only"> row {index + 1}</span>
                    </button>
                    {canDelete ? (
                      <button
                        type="button"
                        class="btn btn-small btn-danger"
                        disabled={busy !== null}
                        onClick={() => void run(key, null, () => onDelete(row.id))}
                      >
                        Delete<span class="sr-only"> row {index + 1}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
                {refusal && refusal.messages.length ? (
                  <tr>
                    <td colSpan={fields.length + 1}>
                      <FormErrors refusal={{ ...refusal, fields: {} }} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
          {canAdd ? (
            <tr class="add-row">
              {inputs('new')}
              <td class="row-actions">
                <button
                  type="button"
                  class="btn btn-small btn-primary"
                  disabled={busy !== null}
                  onClick={() =>
                    void run(
                      'new',
                      () => validate(adding),
                      () => onAdd(adding),
                      () => setAdding(emptyRow),
                    )
                  }
                >
                  {addLabel}
                </button>
              </td>
            </tr>
          ) : null}
          {canAdd && refusals.new && refusals.new.messages.length ? (
            <tr>
              <td colSpan={fields.length + 1}>
                <FormErrors refusal={{ ...refusals.new, fields: {} }} />
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {note ? <p class="muted small">{note}</p> : null}
    </div>
  );
}
