// Create a folio: POST /budgets/1/folio (one request: nothing can be half-saved).
import { PlanImport } from './PlanFiles';
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api } from '../api/budgets';
import { ApiError } from '../api/client';
import { num } from '../lib/json';
import { session, announce } from '../state';
import { folioHref } from '../lib/routes';
import { queryClient, keys } from '../lib/queries';
import { placeRefusal, type Refusal } from '../lib/errors';
import { checkCurrency, checkPercentage, checkPeriod, requireText, type FieldErrors } from '../lib/validate';
import { Checkbox, Field, FormErrors } from '../components/ui';

const FIELDS = ['name', 'description', 'owner', 'startDate', 'endDate', 'currencyCode', 'reserve', 'contingency', 'tolerance'];

export function NewFolio() {
  const { route } = useLocation();
  const [f, setF] = useState({
    name: '',
    description: '',
    owner: session.value?.user ?? '',
    startDate: '',
    endDate: '',
    currencyCode: 'EUR',
    reserve: '10',
    contingency: '5',
    tolerance: '10',
    withRevenue: true,
    withEarned: true,
  });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (v: string | boolean) => setF((p) => ({ ...p, [k]: v }));

  const submit = async (e: Event) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    requireText(errors, 'name', f.name, 'Name');
    if (f.description.length > 500) errors.description = 'Description may have at most 500 characters';
    checkPeriod(errors, 'startDate', 'endDate', f.startDate, f.endDate);
    checkCurrency(errors, 'currencyCode', f.currencyCode);
    checkPercentage(errors, 'reserve', f.reserve, 'Reserve', '10000');
    checkPercentage(errors, 'contingency', f.contingency, 'Contingency', '10000');
    checkPercentage(errors, 'tolerance', f.tolerance, 'Tolerance');
    if (Object.keys(errors).length) {
      setRefusal({ status: 0, messages: [], fields: errors });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const id = await api.createFolio({
        name: f.name.trim(),
        description: f.description,
        owner: f.owner.trim() || (session.value?.user ?? ''),
        startDate: f.startDate,
        endDate: f.endDate,
        closedDate: null,
        currencyCode: f.currencyCode.trim(),
        reserve: num(f.reserve),
        contingency: num(f.contingency),
        tolerance: num(f.tolerance),
        hoursPerDay: null,
        withRevenue: f.withRevenue,
        withEarned: f.withEarned,
        revenuesAsClientCosts: false,
        usesUserRates: false,
        isSynchronizedWithWorkLogs: false,
        isSynchronizedWithServiceBilledHours: false,
        savedFilterId: num('1'),
        holidaySchemeId: num('1'),
        workloadSchemeId: num('1'),
      });
      announce(`Folio “${f.name.trim()}” created.`);
      void queryClient.invalidateQueries({ queryKey: keys.folios() });
      route(folioHref(id));
    } catch (error) {
      setRefusal(error instanceof ApiError ? placeRefusal(error.refusal, FIELDS) : { status: 0, messages: [String(error)], fields: {} });
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => refusal?.fields[k];
  return (
    <div class="page narrow">
      <nav class="crumbs" aria-label="Breadcrumb">
        <a href="/">Folios</a> <span aria-hidden="true">/</span> <span aria-current="page">New folio</span>
      </nav>
      <h1>New folio</h1>
      <form class="card form" onSubmit={(e) => void submit(e)} noValidate>
        <FormErrors refusal={refusal} />
        <Field label="Name" name="name" value={f.name} onValue={set('name')} error={err('name')} required />
        <div class="field">
          <label for="folio-description">Description</label>
          <textarea
            id="folio-description"
            name="description"
            maxLength={500}
            rows={2}
            value={f.description}
            onInput={(e) => set('description')(e.currentTarget.value)}
            aria-invalid={err('description') ? 'true' : undefined}
          />
          {err('description') ? <small class="field-error">{err('description')}</small> : null}
        </div>
        <div class="grid-2">
          <Field label="Start date" name="startDate" type="date" value={f.startDate} onValue={set('startDate')} error={err('startDate')} required />
          <Field label="End date" name="endDate" type="date" value={f.endDate} onValue={set('endDate')} error={err('endDate')} required />
        </div>
        <div class="grid-2">
          <Field
            label="Owner"
            name="owner"
            value={f.owner}
            onValue={set('owner')}
            error={err('owner')}
            hint="A user key; budget administrators may name another user."
          />
          <Field
            label="Currency"
            name="currencyCode"
            value={f.currencyCode}
            onValue={(v) => set('currencyCode')(v.toUpperCase())}
            error={err('currencyCode')}
            maxLength={3}
            hint="ISO 4217, e.g. EUR, USD, JPY"
          />
        </div>
        <div class="grid-3">
          <Field label="Reserve (%)" name="reserve" inputMode="decimal" value={f.reserve} onValue={set('reserve')} error={err('reserve')} />
          <Field label="Contingency (%)" name="contingency" inputMode="decimal" value={f.contingency} onValue={set('contingency')} error={err('contingency')} />
          <Field
            label="Tolerance (%)"
            name="tolerance"
            inputMode="decimal"
            value={f.tolerance}
            onValue={set('tolerance')}
            error={err('tolerance')}
            hint="Indices within this range below 1 are amber, not red."
          />
        </div>
        <Checkbox label="Includes revenues" name="withRevenue" checked={f.withRevenue} onValue={set('withRevenue')} />
        <Checkbox label="Uses earned value" name="withEarned" checked={f.withEarned} onValue={set('withEarned')} />
        <div class="form-actions">
          <a class="btn" href="/">
            Cancel
          </a>
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create folio'}
          </button>
        </div>
      </form>
      <PlanImport />
    </div>
  );
}
