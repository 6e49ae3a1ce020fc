// Add or change an expense: POST /expense or PUT /expense, one request (nothing half-saved).
// Refusals land at their field; the recurrence's fields are the server's startDate, endDate,
// occurrences, interval and recurrenceOn.
import { useState } from 'preact/hooks';
import { api } from '../api/budgets';
import { ApiError } from '../api/client';
import type { Expense, Folio } from '../api/types';
import { num } from '../lib/json';
import { placeRefusal, type Refusal } from '../lib/errors';
import { checkAmount, checkCurrency, requireText, type FieldErrors } from '../lib/validate';
import { draftOf, recurrenceOf, type RecurrenceDraft } from '../lib/recurrence';
import { COST_CATEGORIES, EXPENSE_KINDS, isRevenueKind, REVENUE_CATEGORIES } from '../lib/items';
import { currencyDigits } from '../lib/format';
import { Checkbox, Field, FormErrors, SelectField } from '../components/ui';
import { Dialog } from '../components/Dialog';
import { RecurrenceEditor } from './RecurrenceEditor';

const FIELDS = ['name', 'type', 'description', 'kind', 'category', 'amount', 'currencyCode', 'recurrence.startDate', 'recurrence.endDate', 'recurrence.occurrences', 'recurrence.interval', 'recurrence.recurrenceOn'];
const ALIASES: Record<string, string> = {
  startDate: 'recurrence.startDate',
  endDate: 'recurrence.endDate',
  occurrences: 'recurrence.occurrences',
  interval: 'recurrence.interval',
  recurrenceOn: 'recurrence.recurrenceOn',
  recurrence: 'recurrence.startDate',
};

export function ExpenseEditor({ folio, expense, onClose, onSaved }: { folio: Folio; expense?: Expense; onClose: () => void; onSaved: (message: string) => void }) {
  const [f, setF] = useState({
    name: expense?.name ?? '',
    type: expense?.type ?? '',
    description: expense?.description ?? '',
    kind: (expense?.kind ?? '.PlannedExpense') as string,
    category: (expense?.category ?? 'OPEX') as string,
    amount: expense?.amount ?? '',
    currencyCode: expense?.currencyCode ?? folio.currencyCode,
    amortized: expense?.amortized ?? false,
  });
  const [recurrence, setRecurrence] = useState<RecurrenceDraft>(draftOf(expense?.recurrence, folio.startDate));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (v: string | boolean) => setF((p) => ({ ...p, [k]: v }));
  const categories = isRevenueKind(f.kind) ? REVENUE_CATEGORIES : COST_CATEGORIES;

  const setKind = (kind: string) => {
    const next = isRevenueKind(kind) ? REVENUE_CATEGORIES : COST_CATEGORIES;
    setF((p) => ({ ...p, kind, category: (next as readonly string[]).includes(p.category) ? p.category : next[0]! }));
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    requireText(errors, 'name', f.name, 'Name');
    requireText(errors, 'type', f.type, 'Expense type');
    checkCurrency(errors, 'currencyCode', f.currencyCode);
    checkAmount(errors, 'amount', f.amount, 'Amount', errors.currencyCode ? undefined : currencyDigits(f.currencyCode.trim()));
    const r = recurrenceOf(recurrence);
    Object.assign(errors, r.errors);
    if (Object.keys(errors).length || !r.recurrence) {
      setRefusal({ status: 0, messages: [], fields: errors });
      return;
    }
    const body: Record<string, unknown> = {
      folioId: num(folio.id),
      name: f.name.trim(),
      type: f.type.trim(),
      description: f.description,
      kind: f.kind,
      category: f.category,
      amount: num(f.amount.trim()),
      currencyCode: f.currencyCode.trim(),
      amortized: f.amortized,
      recurrence: r.recurrence,
    };
    if (expense) body.id = num(expense.id);
    setBusy(true);
    setRefusal(null);
    try {
      if (expense) await api.updateExpense(body);
      else await api.createExpense(body);
      onSaved(expense ? `Expense “${f.name.trim()}” saved.` : `Expense “${f.name.trim()}” added.`);
    } catch (error) {
      setRefusal(error instanceof ApiError ? placeRefusal(error.refusal, FIELDS, ALIASES) : { status: 0, messages: [String(error)], fields: {} });
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => refusal?.fields[k];
  return (
    <Dialog title={expense ? `Edit expense “${expense.name}”` : 'Add an expense'} onClose={onClose} wide>
      <form class="form" onSubmit={submit} noValidate>
        <FormErrors refusal={refusal} note={refusal && refusal.status !== 0 ? 'Nothing was saved.' : undefined} />
        <div class="grid-2">
          <Field label="Name" name="name" value={f.name} onValue={set('name')} error={err('name')} />
          <Field label="Expense type" name="type" value={f.type} onValue={set('type')} error={err('type')} hint="e.g. Rental, Software, Travel" />
        </div>
        <div class="grid-3">
          <SelectField label="Kind" name="kind" value={f.kind} onValue={setKind} options={EXPENSE_KINDS} error={err('kind')} />
          <SelectField label="Category" name="category" value={f.category} onValue={set('category')} options={categories.map((c) => ({ value: c, label: c.replace('_', ' ') }))} error={err('category')} />
          <Field label="Currency" name="currencyCode" value={f.currencyCode} onValue={(v) => set('currencyCode')(v.toUpperCase())} maxLength={3} error={err('currencyCode')} />
        </div>
        <div class="grid-2">
          <Field label="Amount" name="amount" inputMode="decimal" value={f.amount} onValue={set('amount')} error={err('amount')} hint={f.amortized ? 'The whole amount, spread over the payments.' : 'Paid at each occurrence.'} />
          <Checkbox label="Amortized (spread the amount over the occurrences)" name="amortized" checked={f.amortized} onValue={set('amortized')} />
        </div>
        <div class="field">
          <label for="expense-description">Description</label>
          <textarea id="expense-description" name="description" rows={2} value={f.description} onInput={(e) => set('description')((e.currentTarget as HTMLTextAreaElement).value)} />
        </div>
        <RecurrenceEditor draft={recurrence} onDraft={setRecurrence} errors={refusal?.fields ?? {}} folioStart={folio.startDate} folioEnd={folio.endDate} />
        <div class="form-actions">
          <button type="button" class="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : expense ? 'Save expense' : 'Add expense'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
