// A record's custom-field values (S7.4) in its editor: one input per live definition of the
// folio for that kind of record (FOLIO the folio, TEAM positions, ACTUAL cost expenses, REVENUE
// revenue expenses), of the definition's style. The values go back over the record's stored ones
// (a value whose definition was deleted is kept), numbers as typed; the server checks them and
// refuses at `customFields.<id>`, where the message is shown.
import { useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { Answer, Body, Schemas } from '../api/types';
import { wireOf } from '../api/json';
import { keys } from '../lib/queries';
import { readNumber, typed } from '../lib/numbers';
import { isIsoDate } from '../lib/format';
import type { FieldErrors } from '../lib/validate';
import { Field, SelectField } from './ui';
import { UserField } from './UserField';

export type FieldType = Schemas['CustomFieldType'];
export type Definition = Answer<Schemas['CustomFieldDefinition']>;
type Values = Body<Schemas['CustomFields']>['values'];

/** A record as an editor holds it: read by `parseRecords`, perhaps with custom-field values. */
type Holder = { customFields?: Answer<Schemas['CustomFields']> | null | undefined };

/** The field name of a definition's value, as the server names it in a refusal. */
export const valueField = (d: Definition): string => `customFields.${String(d.id)}`;

/** The text an input shows for a stored value. */
function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/** The state of a record's custom-field values in an editor. */
export interface CustomFieldState {
  definitions: Definition[];
  texts: Record<string, string>;
  set: (id: string, text: string) => void;
  /** The server's field names of the values, for `placeRefusal`. */
  fields: string[];
  /** The checks made before sending, into `errors`. */
  check: (errors: FieldErrors) => void;
  /** `customFields` to send: for a stored record only when a value changed, for a new one when any is given. */
  body: () => Body<Schemas['CustomFields']> | undefined;
  /** Whether a value differs from the stored one. */
  changed: boolean;
  /** Forgets the edits (discarded, or saved and read again). */
  reset: () => void;
}

/** The values of `record` (none for a new one) for the definitions of `type` in folio `folioId`. */
export function useCustomFields(folioId: string, type: FieldType, record?: Holder & object): CustomFieldState {
  const catalog = useQuery({ queryKey: keys.customFields(folioId), queryFn: ({ signal }) => api.customFields(folioId, signal) });
  const definitions = (catalog.data?.customFields?.[type] ?? []).filter((d) => d.id != null && !d.deletedOn);
  const stored = record?.customFields?.values ?? {};
  const [edits, setEdits] = useState<Record<string, string>>({});
  const initial = Object.fromEntries(definitions.map((d) => [String(d.id), textOf(stored[String(d.id)])]));
  const texts = { ...initial, ...edits };
  const changed = definitions.some((d) => texts[String(d.id)] !== initial[String(d.id)]);
  return {
    definitions,
    texts,
    set: (id, text) => setEdits((e) => ({ ...e, [id]: text })),
    changed,
    reset: () => setEdits({}),
    fields: definitions.map(valueField),
    check: (errors) => {
      for (const d of definitions) {
        const text = (texts[String(d.id)] ?? '').trim();
        const field = valueField(d);
        if (!text) {
          if (d.required) errors[field] = `${d.name} is required`;
        } else if (d.style === 'NUMBER' || d.style === 'AMOUNT') {
          // Read as the user's locale writes numbers; a custom figure may be negative.
          const read = readNumber(text);
          if (!read.ok) errors[field] = `${d.name}: ${read.message}`;
        } else if (d.style === 'DATE' && !isIsoDate(text)) errors[field] = `${d.name} must be a date (yyyy-MM-dd)`;
      }
    },
    body: () => {
      if (record && !changed) return undefined;
      const kept = record ? ((wireOf(record).customFields as Body<Schemas['CustomFields']> | undefined)?.values ?? {}) : {};
      const live = new Set(definitions.map((d) => String(d.id)));
      // A value of a deleted definition stays as stored; a live one's is as typed, none when empty.
      const values: Values = Object.fromEntries(Object.entries(kept).filter(([id]) => !live.has(id)));
      for (const d of definitions) {
        const text = (texts[String(d.id)] ?? '').trim();
        if (text) values[String(d.id)] = d.style === 'NUMBER' || d.style === 'AMOUNT' ? typed(text) : text;
      }
      if (!record && Object.keys(values).length === 0) return undefined;
      return { values };
    },
  };
}

/** The inputs of a record's custom-field values (nothing when its folio defines none of its type). */
export function CustomFieldInputs({ state, err }: { state: CustomFieldState; err: (name: string) => string | undefined }) {
  if (state.definitions.length === 0) return null;
  return (
    <fieldset class="custom-fields plain">
      <legend>Custom fields</legend>
      <div class="grid-2">
        {state.definitions.map((d) => {
          const id = String(d.id);
          const common = {
            label: d.required ? `${d.name} (required)` : d.name,
            name: valueField(d),
            value: state.texts[id] ?? '',
            onValue: (v: string) => state.set(id, v),
            error: err(valueField(d)),
          };
          if (d.style === 'SELECT')
            return (
              <SelectField
                key={id}
                {...common}
                options={[{ value: '', label: '—' }, ...(d.options ?? []).map((o) => ({ value: textOf(o), label: textOf(o) }))]}
              />
            );
          if (d.style === 'USER') return <UserField key={id} {...common} />;
          if (d.style === 'DATE') return <Field key={id} {...common} type="date" />;
          if (d.style === 'NUMBER' || d.style === 'AMOUNT') return <Field key={id} {...common} inputMode="decimal" />;
          return <Field key={id} {...common} maxLength={255} />;
        })}
      </div>
    </fieldset>
  );
}
