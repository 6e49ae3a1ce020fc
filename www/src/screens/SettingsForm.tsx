// A folio's record in a form: name, description, dates, owner, currency, reserve, contingency,
// tolerance, the calendars and the worklog scope chosen by name, and the switches. `PUT /folio`
// replaces the whole record, so the body is the record as read with only the fields the user
// changed over it (`replacement`): a field this form does not show goes back as it came.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api, core, type Named } from '../api/budgets';
import type { Answer, Changes, Folio, Schemas } from '../api/types';
import { num } from '../api/json';
import { compare } from '../lib/decimal';
import { FOLIO_DERIVED, replacement } from '../lib/records';
import { folioChanged } from '../lib/queries';
import { checkAmount, requireText, type FieldErrors } from '../lib/validate';
import { announce, session } from '../state';
import { useSubmit } from '../components/useSubmit';
import { checkFolioText, FOLIO_TEXT_FIELDS, FolioFields, type FolioText } from '../components/FolioFields';
import { UserField } from '../components/UserField';
import { CustomFieldInputs, useCustomFields } from '../components/CustomFieldInputs';
import { Checkbox, Field, FormErrors, Money, SelectField, bind, bindCheck } from '../components/ui';
import { readNumber, typed } from '../lib/numbers';
import { checkEstimate, estimateBody, EstimateFields, type EstimateDraft } from '../editors/EstimateFields';

/** The form's values: text as typed, switches as booleans. */
interface Form extends FolioText {
  hoursPerDay: string;
  savedFilterId: string;
  holidaySchemeId: string;
  workloadSchemeId: string;
  withRevenue: boolean;
  withEarned: boolean;
  revenuesAsClientCosts: boolean;
  usesUserRates: boolean;
  isSynchronizedWithWorkLogs: boolean;
  isSynchronizedWithServiceBilledHours: boolean;
  /** S15.7: approving a budget or changing its reserve asks for a reason. */
  requireApprovalReason: boolean;
  /** S15.7: why the reserve or contingency changes (sent with the change, kept in the budget's log). */
  budgetReason: string;
  /** S14.1: the estimate of a line without its own, as typed (three empty: from performance). */
  uncertaintyLow: string;
  uncertaintyLikely: string;
  uncertaintyHigh: string;
  /** S14.2: the rank correlation between lines, 0 to 1 (empty: 0). */
  correlation: string;
}

/** The forecast's settings (S14). */
const UNCERTAINTY = ['uncertaintyLow', 'uncertaintyLikely', 'uncertaintyHigh', 'correlation'] as const;

/** The folio's yes-or-no settings. */
const FLAGS = [
  'withRevenue',
  'withEarned',
  'revenuesAsClientCosts',
  'usesUserRates',
  'isSynchronizedWithWorkLogs',
  'isSynchronizedWithServiceBilledHours',
  'requireApprovalReason',
] as const;

const FIELDS: readonly (keyof Form)[] = [...FOLIO_TEXT_FIELDS, 'hoursPerDay', 'savedFilterId', 'holidaySchemeId', 'workloadSchemeId', ...FLAGS, ...UNCERTAINTY];
/** Where the server's refusals of the forecast's settings are shown. */
const UNCERTAINTY_FIELDS = [
  'uncertainty',
  'uncertainty.default',
  'uncertainty.default.low',
  'uncertainty.default.likely',
  'uncertainty.default.high',
  'uncertainty.correlation',
  'uncertainty.byCategory',
];

/** The form of a stored folio. */
export function formOf(f: Folio): Form {
  return {
    name: f.name,
    description: f.description,
    startDate: f.startDate,
    endDate: f.endDate,
    owner: f.owner,
    currencyCode: f.currencyCode,
    reserve: f.reserve,
    contingency: f.contingency,
    tolerance: f.tolerance,
    plannedValueMethod: f.plannedValueMethod ?? 'workingDays',
    eacMethod: f.eacMethod ?? 'cpi',
    hoursPerDay: f.hoursPerDay ?? '',
    savedFilterId: f.savedFilterId,
    holidaySchemeId: f.holidaySchemeId,
    workloadSchemeId: f.workloadSchemeId,
    withRevenue: f.withRevenue,
    withEarned: f.withEarned,
    revenuesAsClientCosts: f.revenuesAsClientCosts,
    usesUserRates: f.usesUserRates,
    isSynchronizedWithWorkLogs: f.isSynchronizedWithWorkLogs,
    isSynchronizedWithServiceBilledHours: f.isSynchronizedWithServiceBilledHours,
    requireApprovalReason: f.requireApprovalReason ?? false,
    budgetReason: '',
    uncertaintyLow: f.uncertainty?.default?.low ?? '',
    uncertaintyLikely: f.uncertainty?.default?.likely ?? '',
    uncertaintyHigh: f.uncertainty?.default?.high ?? '',
    correlation: f.uncertainty?.correlation ?? '',
  };
}

/** The default estimate of `form` as the estimate's fields hold it. */
function defaultDraft(form: Form): EstimateDraft {
  return { low: form.uncertaintyLow, likely: form.uncertaintyLikely, high: form.uncertaintyHigh };
}

/** The folio's `uncertainty` with the form's default estimate and correlation, what it names by
 * category kept as stored; undefined when neither changed. */
export function uncertaintyChange(folio: Folio, stored: Form, form: Form): Changes<Schemas['Folio']>['uncertainty'] {
  if (!UNCERTAINTY.some((k) => form[k] !== stored[k])) return undefined;
  const kept = folio.uncertainty;
  const three = (e: { low: string; likely: string; high: string }) => ({ low: num(e.low), likely: num(e.likely), high: num(e.high) });
  const body: NonNullable<Changes<Schemas['Folio']>['uncertainty']> = {};
  if (kept?.byCategory) body.byCategory = Object.fromEntries(Object.entries(kept.byCategory).map(([k, e]) => [k, three(e)]));
  if (kept?.correlationByCategory) body.correlationByCategory = Object.fromEntries(Object.entries(kept.correlationByCategory).map(([k, c]) => [k, num(c)]));
  const estimate = estimateBody(defaultDraft(form));
  if (estimate) body.default = estimate;
  if (form.correlation.trim()) body.correlation = typed(form.correlation);
  return body;
}

/** The fields of `form` that differ from `stored`, as the body carries them. */
export function changesOf(stored: Form, form: Form): Changes<Schemas['Folio']> {
  const changes: Changes<Schemas['Folio']> = {};
  const changed = (k: keyof Form) => form[k] !== stored[k];
  if (changed('name')) changes.name = form.name.trim();
  if (changed('description')) changes.description = form.description;
  if (changed('startDate')) changes.startDate = form.startDate;
  if (changed('endDate')) changes.endDate = form.endDate;
  if (changed('owner')) changes.owner = form.owner.trim();
  if (changed('currencyCode')) changes.currencyCode = form.currencyCode.trim();
  for (const k of ['reserve', 'contingency', 'tolerance'] as const) if (changed(k)) changes[k] = typed(form[k]);
  if (changed('plannedValueMethod')) changes.plannedValueMethod = form.plannedValueMethod as Schemas['PlannedValueMethod'];
  if (changed('eacMethod')) changes.eacMethod = form.eacMethod as Schemas['EacMethod'];
  if (changed('hoursPerDay')) changes.hoursPerDay = form.hoursPerDay.trim() ? typed(form.hoursPerDay) : null;
  for (const k of ['savedFilterId', 'holidaySchemeId', 'workloadSchemeId'] as const) if (changed(k)) changes[k] = num(form[k]);
  for (const k of FLAGS) if (changed(k)) changes[k] = form[k];
  return changes;
}

/** The checks made before sending (the server makes them again, and the rest). */
function check(f: Form): FieldErrors {
  const errors = checkFolioText({}, f);
  requireText(errors, 'owner', f.owner, 'Owner');
  if (f.hoursPerDay.trim()) checkAmount(errors, 'hoursPerDay', f.hoursPerDay, 'Hours per day');
  checkEstimate(errors, defaultDraft(f), 'uncertainty.default');
  if (f.correlation.trim()) {
    const read = readNumber(f.correlation);
    if (!read.ok) errors['uncertainty.correlation'] = `Correlation: ${read.message}`;
    else if (read.negative || compare(read.text, '1') > 0) errors['uncertainty.correlation'] = `Correlation must be from 0 to 1, got ${f.correlation.trim()}`;
  }
  return errors;
}

/** The choices of a select of named records, the stored one kept when the list lacks it. */
function choices(list: readonly Named[] | undefined, current: string, what: string): { value: string; label: string }[] {
  const options = (list ?? []).map((r) => ({ value: r.id, label: r.name }));
  if (!options.some((o) => o.value === current)) options.unshift({ value: current, label: list ? `${what} ${current} (not defined)` : `${what} ${current}` });
  return options;
}

type Preview = Answer<Schemas['FolioPreview']>;
type ItemChange = Preview['items'][number];

/** The fields whose change recosts the draft: its period and its calendar. */
const RECOSTING = ['startDate', 'endDate', 'holidaySchemeId', 'workloadSchemeId'] as const;

/** Whether an update takes money out of an item (or leaves it uncomputable). */
const isCut = (i: ItemChange): boolean => i.before != null && (i.after == null || compare(i.after, i.before) < 0);

/** What saving would cut from the draft, asked before saving (S8.7). */
function Cuts({ preview, currency, busy, onSave, onKeep }: { preview: Preview; currency: string; busy: boolean; onSave: () => void; onKeep: () => void }) {
  const cut = preview.items.filter(isCut);
  // The question is above the form while the button pressed is below it: focus comes to it.
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div class="alert alert-warning" role="alert" data-cuts={cut.length}>
      <p>
        <strong>
          Saving these settings cuts the cost of {cut.length} item{cut.length === 1 ? '' : 's'} of the draft:
        </strong>{' '}
        its planned cost goes from <Money value={preview.draftCostBefore} currency={currency} /> to <Money value={preview.draftCostAfter} currency={currency} />
        . Approved baselines keep their figures.
      </p>
      <ul>
        {cut.map((i) => (
          <li key={`${i.kind} ${i.id}`} data-cut={i.name}>
            {i.kind === 'position' ? 'Position' : 'Expense'} “{i.name}”: <Money value={i.before} currency={currency} /> →{' '}
            {i.after == null ? 'cannot be costed' : <Money value={i.after} currency={currency} />}
          </li>
        ))}
      </ul>
      <div class="form-actions start">
        <button type="button" class="btn btn-primary" disabled={busy} onClick={onSave}>
          Save anyway
        </button>
        <button type="button" class="btn" disabled={busy} onClick={onKeep} ref={keep}>
          Keep editing
        </button>
      </div>
    </div>
  );
}

export function SettingsForm({ folio, mayChange }: { folio: Folio; mayChange: boolean }) {
  const stored = formOf(folio);
  const [edits, setEdits] = useState<Partial<Form>>({});
  const form: Form = { ...stored, ...edits };
  const custom = useCustomFields(folio.id, 'FOLIO', folio);
  const submit = useSubmit([...FIELDS, ...UNCERTAINTY_FIELDS, ...custom.fields]);
  const holidays = useQuery({ queryKey: ['core', 'holidaySchemes'], queryFn: ({ signal }) => core.holidaySchemes(signal) });
  const workloads = useQuery({ queryKey: ['core', 'workloadSchemes'], queryFn: ({ signal }) => core.workloadSchemes(signal) });
  const filters = useQuery({ queryKey: ['core', 'savedFilters'], queryFn: ({ signal }) => core.savedFilters(signal) });
  const set =
    <K extends keyof Form>(k: K) =>
    (v: Form[K]) =>
      setEdits((p) => ({ ...p, [k]: v }));
  // Whether anything was changed, from the texts as typed: the body is written only once the
  // checks have taken them (a number that does not read is refused at its field, never thrown).
  const dirty = FIELDS.some((k) => form[k] !== stored[k]) || custom.changed;
  const admin = session.value?.budgetAdmin === true;

  const [cuts, setCuts] = useState<Preview | null>(null);
  const save = async (e: Event | null, confirmed = false) => {
    e?.preventDefault();
    const errors = check(form);
    custom.check(errors);
    await submit.run(errors, async () => {
      const changes = changesOf(stored, form);
      const uncertainty = uncertaintyChange(folio, stored, form);
      if (uncertainty !== undefined) changes.uncertainty = uncertainty;
      const values = custom.body();
      const body = replacement(folio, FOLIO_DERIVED, values ? { ...changes, customFields: values } : changes);
      // S8.7: new dates or schemes may cut the draft's costs; the controller is asked first.
      if (!confirmed && RECOSTING.some((k) => k in changes)) {
        const preview = await api.previewFolio(body);
        if (preview.items.some(isCut)) {
          setCuts(preview);
          return;
        }
      }
      setCuts(null);
      const reserveMoved = 'reserve' in changes || 'contingency' in changes;
      await api.updateFolio(body, reserveMoved && form.budgetReason.trim() ? form.budgetReason.trim() : undefined);
      // The stored record first, then the form over it: no moment shows the old values.
      await folioChanged(folio.id);
      setEdits({});
      custom.reset();
      announce(`Settings of “${form.name.trim()}” saved.`);
    });
  };
  const err = submit.err;
  const listProblem = [holidays.error, workloads.error, filters.error].find(Boolean);
  return (
    <section class="card" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form class="form" onSubmit={(e) => void save(e)} noValidate>
        <fieldset disabled={!mayChange || submit.busy} class="plain">
          <legend class="sr-only">Settings of {folio.name}</legend>
          <FormErrors refusal={submit.refusal} />
          {cuts ? (
            <Cuts preview={cuts} currency={folio.currencyCode} busy={submit.busy} onSave={() => void save(null, true)} onKeep={() => setCuts(null)} />
          ) : null}
          <FolioFields
            values={form}
            set={set}
            err={err}
            owner={
              admin ? (
                <UserField
                  label="Owner"
                  name="owner"
                  value={form.owner}
                  onValue={set('owner')}
                  error={err('owner')}
                  hint="Budget administrators hand a folio to another user."
                />
              ) : (
                <Field label="Owner" {...bind(form, set, err, 'owner')} readOnly hint="Only a budget administrator changes the owner." />
              )
            }
            more={
              <Field
                label="Hours per day"
                {...bind(form, set, err, 'hoursPerDay')}
                inputMode="decimal"
                hint="Kept for reference; the workload scheme sets capacity."
              />
            }
          />
          <div class="grid-3">
            {(
              [
                ['Holiday scheme', 'holidaySchemeId', holidays.data, 'Scheme'],
                ['Workload scheme', 'workloadSchemeId', workloads.data, 'Scheme'],
                ['Saved filter (worklog scope)', 'savedFilterId', filters.data, 'Filter'],
              ] as const
            ).map(([label, name, list, what]) => (
              <SelectField
                key={name}
                label={label}
                name={name}
                value={form[name]}
                onValue={set(name)}
                options={choices(list, form[name], what)}
                error={err(name)}
              />
            ))}
          </div>
          <EstimateFields
            field="uncertainty.default"
            legend="Forecast: uncertainty of what remains"
            hint="The estimate of a planned line without its own, times its plan (0.9, 1 and 1.3: 10 % below to 30 % above). Empty: from the folio's cost performance."
            draft={defaultDraft(form)}
            onDraft={(d) => setEdits((p) => ({ ...p, uncertaintyLow: d.low, uncertaintyLikely: d.likely, uncertaintyHigh: d.high }))}
            err={err}
          />
          <Field
            label="Correlation between lines"
            name="uncertainty.correlation"
            inputMode="decimal"
            value={form.correlation}
            onValue={set('correlation')}
            error={err('uncertainty.correlation')}
            hint="How much the lines' costs move together, from 0 (independent, the default) to 1 (all at once)."
          />
          <CustomFieldInputs state={custom} err={err} />
          {listProblem ? <p class="hint">The lists of schemes and filters could not be read: each shows its stored id.</p> : null}
          <div class="grid-2 checks">
            <Checkbox {...bindCheck(form, set, 'withRevenue')} label="Includes revenues" />
            <Checkbox {...bindCheck(form, set, 'withEarned')} label="Uses earned value" />
            <Checkbox
              {...bindCheck(form, set, 'revenuesAsClientCosts')}
              label="Revenues as client costs"
              hint="Consulting revenues are shown as the client's costs."
            />
            <Checkbox {...bindCheck(form, set, 'usesUserRates')} label="Uses user rates" />
            <Checkbox
              {...bindCheck(form, set, 'isSynchronizedWithWorkLogs')}
              label="Synchronized with worklogs"
              hint="Team members' worked hours come from the worklogs of the saved filter's projects."
            />
            <Checkbox {...bindCheck(form, set, 'isSynchronizedWithServiceBilledHours')} label="Synchronized with billed hours" />
            <Checkbox
              {...bindCheck(form, set, 'requireApprovalReason')}
              label="Ask for a reason with every change of the approved budget"
              hint="Approving a baseline, promoting a scenario and changing the reserve then need a reason, kept in the budget's log."
            />
          </div>
          {form.reserve !== stored.reserve || form.contingency !== stored.contingency ? (
            <Field
              label="Why the reserve or contingency changes"
              name="reason"
              value={form.budgetReason}
              onValue={set('budgetReason')}
              error={err('reason')}
              hint="Kept in the budget's log when the folio has an approved budget."
              maxLength={5000}
            />
          ) : null}
          {FLAGS.map((k) =>
            err(k) ? (
              <p key={k} class="field-error" data-field={k}>
                {err(k)}
              </p>
            ) : null,
          )}
          {mayChange ? (
            <div class="form-actions start">
              <button type="submit" class="btn btn-primary" disabled={!dirty || submit.busy}>
                {submit.busy ? 'Saving…' : 'Save settings'}
              </button>
              <button
                type="button"
                class="btn"
                disabled={!dirty || submit.busy}
                onClick={() => {
                  setEdits({});
                  custom.reset();
                  submit.clear();
                }}
              >
                Discard changes
              </button>
            </div>
          ) : null}
        </fieldset>
      </form>
    </section>
  );
}
