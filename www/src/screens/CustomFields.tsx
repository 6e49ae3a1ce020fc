// A folio's custom-field definitions (S7.4), a card of its settings: what each kind of record
// carries (the folio, positions, cost expenses, revenue expenses), each with its name, style,
// whether a value is required and, for a SELECT, its options. The owner and budget administrators
// add one (POST /folio/{id}/customfield), rename it or change its options and whether it is
// required (PUT /customfield: its style and what it is for stay), and delete it after a
// confirmation (DELETE /customfield/{id}: the values records hold are kept, no longer checked).
import { useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { Folio, Schemas } from '../api/types';
import { folioChanged, keys } from '../lib/queries';
import { num } from '../api/json';
import { requireText, type FieldErrors } from '../lib/validate';
import { announce } from '../state';
import { useSubmit } from '../components/useSubmit';
import { EditActions, RemoveActions, useRemoval } from '../components/Removal';
import type { Definition, FieldType } from '../components/CustomFieldInputs';
import { Checkbox, ErrorBox, Field, FormErrors, Loading, SelectField, bind, bindCheck } from '../components/ui';

type Style = Schemas['CustomFieldStyle'];

/** What each type of definition is for, in the order the card lists them. */
export const TYPES: readonly { value: FieldType; label: string }[] = [
  { value: 'FOLIO', label: 'The folio' },
  { value: 'TEAM', label: 'Positions' },
  { value: 'ACTUAL', label: 'Cost expenses' },
  { value: 'REVENUE', label: 'Revenue expenses' },
];
const STYLES: readonly { value: Style; label: string }[] = [
  { value: 'TEXT', label: 'Text' },
  { value: 'SELECT', label: 'Choice from a list' },
  { value: 'DATE', label: 'Date' },
  { value: 'NUMBER', label: 'Number' },
  { value: 'AMOUNT', label: 'Amount (folio currency)' },
  { value: 'USER', label: 'User' },
];
const styleLabel = (s: Style) => STYLES.find((x) => x.value === s)?.label ?? s;
const FIELDS = ['name', 'type', 'style', 'required', 'options'];

interface Draft {
  id: string | null;
  name: string;
  type: FieldType;
  style: Style;
  required: boolean;
  options: string;
}
const EMPTY: Draft = { id: null, name: '', type: 'FOLIO', style: 'TEXT', required: false, options: '' };

/** A SELECT's options as typed, one per line, blank lines left out. */
export const optionsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);

export function CustomFields({ folio, mayChange }: { folio: Folio; mayChange: boolean }) {
  const catalog = useQuery({ queryKey: keys.customFields(folio.id), queryFn: ({ signal }) => api.customFields(folio.id, signal) });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const submit = useSubmit(FIELDS);
  const removal = useRemoval(async (d: Definition) => {
    await api.deleteCustomField(String(d.id));
    await folioChanged(folio.id);
    announce(`Custom field “${d.name}” deleted; the values records hold are kept.`);
  });
  const set =
    <K extends keyof Draft>(k: K) =>
    (v: Draft[K]) =>
      setDraft((d) => ({ ...d, [k]: v }));
  const save = async (e: Event) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    requireText(errors, 'name', draft.name, 'Name');
    const options = optionsOf(draft.options);
    if (draft.style === 'SELECT' && options.length === 0) errors.options = 'A choice needs at least one option, one per line';
    await submit.run(errors, async () => {
      const body = {
        name: draft.name.trim(),
        type: draft.type,
        style: draft.style,
        required: draft.required,
        options: draft.style === 'SELECT' ? options : null,
      };
      if (draft.id) await api.updateCustomField({ ...body, id: num(draft.id) });
      else await api.addCustomField(folio.id, body);
      await folioChanged(folio.id);
      announce(`Custom field “${body.name}” saved.`);
      setDraft(EMPTY);
    });
  };
  const edit = (d: Definition) => {
    setDraft({ id: String(d.id), name: d.name, type: d.type, style: d.style, required: d.required, options: (d.options ?? []).map(String).join('\n') });
    submit.clear();
  };
  const all = TYPES.flatMap((t) => (catalog.data?.customFields?.[t.value] ?? []).filter((d) => !d.deletedOn).map((d) => ({ ...d, typeLabel: t.label })));
  return (
    <section class="card" aria-labelledby="custom-fields-title">
      <h2 id="custom-fields-title">Custom fields</h2>
      <p class="muted">Fields the folio’s records carry besides their own, shown and checked in their editors.</p>
      {catalog.error ? <ErrorBox error={catalog.error} onRetry={() => void catalog.refetch()} /> : null}
      {!catalog.data && !catalog.error ? <Loading label="Loading the custom fields" /> : null}
      {catalog.data && all.length === 0 ? <p data-custom-fields="none">No custom field yet.</p> : null}
      {all.length ? (
        <table class="table compact" aria-label={`Custom fields of ${folio.name}`}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">For</th>
              <th scope="col">Style</th>
              <th scope="col" class="wide-only">
                Options
              </th>
              {mayChange ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {all.map((d) => (
              <tr key={String(d.id)} data-custom-field={d.name}>
                <th scope="row">
                  {d.name}
                  {d.required ? <span class="badge">required</span> : null}
                </th>
                <td>{d.typeLabel}</td>
                <td>{styleLabel(d.style)}</td>
                <td class="wide-only">{(d.options ?? []).map(String).join(', ')}</td>
                {mayChange ? (
                  <td>
                    <RemoveActions
                      verb="Delete"
                      what={`custom field ${d.name}`}
                      asking={removal.asked === String(d.id)}
                      busy={removal.busy}
                      onAsk={() => removal.ask(String(d.id))}
                      onKeep={() => removal.ask(null)}
                      onConfirm={() => void removal.remove(d)}
                      onEdit={() => edit(d)}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <FormErrors refusal={removal.refusal} />
      {mayChange ? (
        <form class="form" onSubmit={(e) => void save(e)} noValidate aria-label={draft.id ? `Change custom field ${draft.name}` : 'Add a custom field'}>
          <h3>{draft.id ? 'Change the custom field' : 'Add a custom field'}</h3>
          <FormErrors refusal={submit.refusal} />
          <div class="grid-3">
            <Field {...bind(draft, set, submit.err, 'name')} label="Field name" maxLength={255} />
            <SelectField
              label="For"
              name="type"
              value={draft.type}
              onValue={(v) => set('type')(TYPES.find((t) => t.value === v)?.value ?? 'FOLIO')}
              options={TYPES}
              error={submit.err('type')}
              hint={draft.id ? 'Fixed once created.' : undefined}
            />
            <SelectField
              label="Style"
              name="style"
              value={draft.style}
              onValue={(v) => set('style')(STYLES.find((s) => s.value === v)?.value ?? 'TEXT')}
              options={STYLES}
              error={submit.err('style')}
              hint={draft.id ? 'Fixed once created.' : undefined}
            />
          </div>
          {draft.style === 'SELECT' ? (
            <div class={`field${submit.err('options') ? ' has-error' : ''}`}>
              <label for="custom-field-options">Options (one per line)</label>
              <textarea
                id="custom-field-options"
                name="options"
                rows={3}
                value={draft.options}
                onInput={(e) => set('options')(e.currentTarget.value)}
                aria-invalid={submit.err('options') ? 'true' : undefined}
              />
              {submit.err('options') ? (
                <small class="field-error" data-field="options">
                  {submit.err('options')}
                </small>
              ) : null}
            </div>
          ) : null}
          <Checkbox {...bindCheck(draft, set, 'required')} label="A value is required" />
          <EditActions
            busy={submit.busy}
            editing={draft.id !== null}
            add="Add custom field"
            save="Save custom field"
            onCancel={() => {
              setDraft(EMPTY);
              submit.clear();
            }}
          />
        </form>
      ) : null}
    </section>
  );
}
