// Add or change an expense: POST /expense or PUT /expense, one request (nothing half-saved).
// PUT /expense replaces the record: its body is the expense as GET /folio/{id}/items gave it (its
// labels, custom fields and whatever else this editor does not show included), with only the
// fields the user changed over it (`replacement`), and so is its recurrence (`editedRecurrence`).
// Refusals land at their field (a currency without an exchange rate into the folio's at the
// currency, S5.6); the recurrence's fields are the server's startDate, endDate, occurrences,
// interval and recurrenceOn.
import { useState } from 'preact/hooks';
import { api } from '../api/budgets';
import { ApiError } from '../api/client';
import type { Body, Category, Changes, Expense, ExpenseCreateBody, ExpenseKind, Folio, Indicators, Schemas } from '../api/types';
import { num, wireOf } from '../api/json';
import { RatesLink } from '../components/RatesLink';
import { CustomFieldInputs, useCustomFields } from '../components/CustomFieldInputs';
import { EXPENSE_DERIVED, replacement } from '../lib/records';
import { placeRefusal, type Refusal } from '../api/errors';
import { checkAmount, checkCurrency, requireText, type FieldErrors } from '../lib/validate';
import { draftOf, editedRecurrence, recurrenceBody, recurrenceOf, type RecurrenceDraft } from '../lib/recurrence';
import { categoryOf, COST_CATEGORIES, EXPENSE_KINDS, expenseKindOf, isRevenueKind, REVENUE_CATEGORIES } from '../lib/items';
import { currencyDigits } from '../lib/format';
import { Checkbox, Field, FormErrors, SelectField, bind, bindCheck } from '../components/ui';
import { Dialog, useConfirm } from '../components/Dialog';
import { ItemHistory } from '../components/History';
import { RecurrenceEditor } from './RecurrenceEditor';
import { checkEstimate, estimateBody, estimateDraft, EstimateFields } from './EstimateFields';
import { CompleteField, RealisesField } from '../components/Realises';
import type { Realisable } from '../lib/costLines';
import { implausible, typed } from '../lib/numbers';
import { keys, queryClient } from '../lib/queries';
import { asOf } from '../state';

const FIELDS = [
  'name',
  'type',
  'description',
  'kind',
  'category',
  'amount',
  'currencyCode',
  'recurrence.startDate',
  'recurrence.endDate',
  'recurrence.occurrences',
  'recurrence.interval',
  'recurrence.recurrenceOn',
  'realises',
  'complete',
  'estimate',
  'estimate.low',
  'estimate.likely',
  'estimate.high',
];
const ALIASES: Record<string, string> = {
  startDate: 'recurrence.startDate',
  endDate: 'recurrence.endDate',
  occurrences: 'recurrence.occurrences',
  interval: 'recurrence.interval',
  recurrenceOn: 'recurrence.recurrenceOn',
  recurrence: 'recurrence.startDate',
};

/** The form's fields of an expense (a new one's defaults in `folio`). */
function fieldsOf(expense: Expense | undefined, folio: Folio) {
  const kind: ExpenseKind = expense?.kind ?? '.PlannedExpense';
  const category: Category = expense?.category ?? 'OPEX';
  return {
    name: expense?.name ?? '',
    type: expense?.type ?? '',
    description: expense?.description ?? '',
    kind,
    category,
    amount: expense?.amount ?? '',
    currencyCode: expense?.currencyCode ?? folio.currencyCode,
    amortized: expense?.amortized ?? false,
    realises: expense?.realises ?? '',
    complete: expense?.complete ?? false,
    estimate: estimateDraft(expense?.estimate),
  };
}

/** The planned kind an actual expense of `kind` realises, if it is actual (S9.12). */
function plannedKindOf(kind: ExpenseKind): ExpenseKind | null {
  if (kind === '.ActualExpense') return '.PlannedExpense';
  if (kind === '.ActualRevenue') return '.PlannedRevenue';
  return null;
}

export function ExpenseEditor({
  folio,
  expense,
  planned = [],
  onClose,
  onSaved,
}: {
  folio: Folio;
  expense?: Expense;
  /** The folio's planned expenses and revenues, which an actual one may realise. */
  planned?: readonly (Realisable & { kind: ExpenseKind })[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [f, setF] = useState(() => fieldsOf(expense, folio));
  const confirm = useConfirm();
  const [first] = useState<RecurrenceDraft>(() => draftOf(expense?.recurrence, folio.startDate));
  const [recurrence, setRecurrence] = useState<RecurrenceDraft>(first);
  /** The stored recurrence as it goes back (`wireOf`: its numbers LosslessNumbers, every field kept): what an
   * existing expense's fields change is put over it. */
  const [stored] = useState(() => (expense ? (wireOf(expense).recurrence as Body<Schemas['Recurrence']>) : null));
  const resolved = stored ? editedRecurrence(stored, first, recurrence) : recurrenceOf(recurrence);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Whether the user typed or chose anything: Escape then asks before dropping it.
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof typeof f>(k: K) =>
    (v: (typeof f)[K]) =>
      setF((p) => ({ ...p, [k]: v }));
  const categories = isRevenueKind(f.kind) ? REVENUE_CATEGORIES : COST_CATEGORIES;
  const realisable = plannedKindOf(f.kind);
  const choices = planned.filter((p) => p.kind === realisable && p.id !== expense?.id);
  // What the kind allows: a link only for an actual expense, completion only for a planned one.
  const realises = realisable ? f.realises : '';
  const complete = realisable ? false : f.complete;
  // S14.1: only a planned expense's remaining cost is forecast.
  const estimated = f.kind === '.PlannedExpense';
  // S7.4: ACTUAL definitions are for cost expenses (planned and actual), REVENUE ones for revenues.
  const custom = useCustomFields(folio.id, isRevenueKind(f.kind) ? 'REVENUE' : 'ACTUAL', expense);

  const setKind = (value: string) => {
    const kind = expenseKindOf(value);
    const next = isRevenueKind(kind) ? REVENUE_CATEGORIES : COST_CATEGORIES;
    const allowed: readonly Category[] = next;
    setF((p) => ({ ...p, kind, category: allowed.includes(p.category) ? p.category : next[0] }));
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    requireText(errors, 'name', f.name, 'Name');
    requireText(errors, 'type', f.type, 'Expense type');
    checkCurrency(errors, 'currencyCode', f.currencyCode);
    checkAmount(errors, 'amount', f.amount, 'Amount', errors.currencyCode ? undefined : currencyDigits(f.currencyCode.trim()));
    const r = resolved;
    Object.assign(errors, r.errors);
    if (estimated) checkEstimate(errors, f.estimate);
    custom.check(errors);
    if (Object.keys(errors).length || !r.recurrence) {
      setRefusal({ status: 0, messages: [], fields: errors });
      return;
    }
    let save: () => Promise<unknown>;
    if (expense) {
      // The whole record back, with what the user changed over it.
      const was = fieldsOf(expense, folio);
      const changes: Changes<Schemas['Expense']> = {};
      if (f.name !== was.name) changes.name = f.name.trim();
      if (f.type !== was.type) changes.type = f.type.trim();
      if (f.description !== was.description) changes.description = f.description;
      if (f.kind !== was.kind) changes.kind = f.kind;
      if (f.category !== was.category) changes.category = f.category;
      if (f.amount !== was.amount) changes.amount = typed(f.amount);
      if (f.currencyCode !== was.currencyCode) changes.currencyCode = f.currencyCode.trim();
      if (f.amortized !== was.amortized) changes.amortized = f.amortized;
      if (r.recurrence !== stored) changes.recurrence = recurrenceBody(r.recurrence);
      if (realises !== (expense.realises ?? '')) changes.realises = realises ? num(realises) : undefined;
      if (complete !== (expense.complete ?? false)) changes.complete = complete || undefined;
      const kept = was.estimate;
      if (estimated && (f.estimate.low !== kept.low || f.estimate.likely !== kept.likely || f.estimate.high !== kept.high))
        changes.estimate = estimateBody(f.estimate);
      const values = custom.body();
      if (values) changes.customFields = values;
      const body = replacement(expense, EXPENSE_DERIVED, changes);
      save = () => api.updateExpense(body);
    } else {
      const body: ExpenseCreateBody = {
        folioId: num(folio.id),
        name: f.name.trim(),
        type: f.type.trim(),
        description: f.description,
        kind: f.kind,
        category: f.category,
        amount: typed(f.amount),
        currencyCode: f.currencyCode.trim(),
        amortized: f.amortized,
        recurrence: recurrenceBody(r.recurrence),
      };
      if (realises) body.realises = num(realises);
      if (complete) body.complete = true;
      const three = estimated ? estimateBody(f.estimate) : undefined;
      if (three) body.estimate = three;
      const values = custom.body();
      if (values) body.customFields = values;
      save = () => api.createExpense(body);
    }
    // An amount far beyond the folio's size is asked about (a slip of the keyboard is common).
    const bac = queryClient.getQueryData<Indicators>(keys.indicators(folio.id, asOf.value))?.bac;
    if (f.amount !== (expense ? fieldsOf(expense, folio).amount : '') && implausible(f.amount, bac)) {
      const yes = await confirm.ask({
        title: 'An unusually large amount',
        text: `${f.amount.trim()} ${f.currencyCode.trim()} is more than ${bac ? `100 times the folio's budget (${bac} ${folio.currencyCode})` : 'a billion'}. Save it all the same?`,
        confirm: 'Save anyway',
      });
      if (!yes) return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await save();
      onSaved(expense ? `Expense “${f.name.trim()}” saved.` : `Expense “${f.name.trim()}” added.`);
    } catch (error) {
      setRefusal(
        error instanceof ApiError ? placeRefusal(error.refusal, [...FIELDS, ...custom.fields], ALIASES) : { status: 0, messages: [String(error)], fields: {} },
      );
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => refusal?.fields[k];
  return (
    <Dialog title={expense ? `Edit expense “${expense.name}”` : 'Add an expense'} onClose={onClose} wide dirty={touched}>
      {confirm.element}
      <form class="form" onSubmit={(e) => void submit(e)} onInput={() => setTouched(true)} onChange={() => setTouched(true)} noValidate>
        <FormErrors refusal={refusal} note={refusal && refusal.status !== 0 ? 'Nothing was saved.' : undefined} />
        <div class="grid-2">
          <Field label="Name" {...bind(f, set, err, 'name')} maxLength={255} />
          <Field label="Expense type" {...bind(f, set, err, 'type')} hint="e.g. Rental, Software, Travel" maxLength={255} />
        </div>
        <div class="grid-3">
          <SelectField label="Kind" name="kind" value={f.kind} onValue={setKind} options={EXPENSE_KINDS} error={err('kind')} />
          <SelectField
            label="Category"
            name="category"
            value={f.category}
            onValue={(v) => set('category')(categoryOf(v))}
            options={categories.map((c) => ({ value: c, label: c.replace('_', ' ') }))}
            error={err('category')}
          />
          <Field
            label="Currency"
            name="currencyCode"
            value={f.currencyCode}
            onValue={(v) => set('currencyCode')(v.toUpperCase())}
            maxLength={3}
            error={err('currencyCode')}
          />
        </div>
        <RatesLink message={err('currencyCode')} />
        <div class="grid-2">
          <Field
            label="Amount"
            {...bind(f, set, err, 'amount')}
            inputMode="decimal"
            hint={f.amortized ? 'The whole amount, spread over the payments.' : 'Paid at each occurrence.'}
          />
          <Checkbox {...bindCheck(f, set, 'amortized')} label="Amortized (spread the amount over the occurrences)" />
        </div>
        {realisable ? (
          <RealisesField
            planned={choices}
            value={f.realises}
            onValue={set('realises')}
            names={[f.name]}
            noun={realisable === '.PlannedRevenue' ? 'planned revenue' : 'planned expense'}
            error={err('realises')}
          />
        ) : (
          <CompleteField checked={f.complete} onValue={set('complete')} />
        )}
        {estimated ? <EstimateFields draft={f.estimate} onDraft={set('estimate')} err={err} /> : null}
        <div class="field">
          <label for="expense-description">Description</label>
          <textarea
            id="expense-description"
            name="description"
            rows={2}
            maxLength={500}
            value={f.description}
            onInput={(e) => set('description')(e.currentTarget.value)}
          />
        </div>
        <CustomFieldInputs state={custom} err={err} />
        <RecurrenceEditor
          draft={recurrence}
          resolved={resolved}
          onDraft={setRecurrence}
          errors={refusal?.fields ?? {}}
          folioStart={folio.startDate}
          folioEnd={folio.endDate}
        />
        <div class="form-actions">
          <button type="button" class="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : expense ? 'Save expense' : 'Add expense'}
          </button>
        </div>
      </form>
      {expense?.id != null ? <ItemHistory folio={folio.id} kind="expense" id={expense.id} name={`“${expense.name}”`} /> : null}
    </Dialog>
  );
}
