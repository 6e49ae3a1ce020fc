// Create a folio: POST /budgets/1/folio (one request: nothing can be half-saved).
import { PlanImport } from './PlanFiles';
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api } from '../api/budgets';
import type { Schemas } from '../api/types';
import { num } from '../api/json';
import { session, announce } from '../state';
import { folioHref } from '../lib/routes';
import { queryClient, keys } from '../lib/queries';
import { useSubmit } from '../components/useSubmit';
import { Checkbox, Field, FormErrors, bind, bindCheck } from '../components/ui';
import { checkFolioText, FOLIO_TEXT_FIELDS, FolioFields } from '../components/FolioFields';
import { typed } from '../lib/numbers';

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
    // A new folio's PV follows its plan's phasing (S9.10); EAC the cost performance.
    plannedValueMethod: 'plan',
    eacMethod: 'cpi',
    withRevenue: true,
    withEarned: true,
  });
  const sending = useSubmit(FOLIO_TEXT_FIELDS);
  const set = (k: keyof typeof f) => (v: string | boolean) => setF((p) => ({ ...p, [k]: v }));

  const submit = async (e: Event) => {
    e.preventDefault();
    await sending.run(checkFolioText({}, f), async () => {
      const id = await api.createFolio({
        name: f.name.trim(),
        description: f.description,
        owner: f.owner.trim() || (session.value?.user ?? ''),
        startDate: f.startDate,
        endDate: f.endDate,
        closedDate: null,
        currencyCode: f.currencyCode.trim(),
        reserve: typed(f.reserve),
        contingency: typed(f.contingency),
        tolerance: typed(f.tolerance),
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
        plannedValueMethod: f.plannedValueMethod as Schemas['PlannedValueMethod'],
        eacMethod: f.eacMethod as Schemas['EacMethod'],
      });
      announce(`Folio “${f.name.trim()}” created.`);
      void queryClient.invalidateQueries({ queryKey: keys.folios() });
      route(folioHref(id));
    });
  };

  const err = sending.err;
  return (
    <div class="page narrow">
      <nav class="crumbs" aria-label="Breadcrumb">
        <a href="/">Folios</a> <span aria-hidden="true">/</span> <span aria-current="page">New folio</span>
      </nav>
      <h1>New folio</h1>
      <form class="card form" onSubmit={(e) => void submit(e)} noValidate>
        <FormErrors refusal={sending.refusal} />
        <FolioFields
          values={f}
          set={set}
          err={err}
          owner={<Field label="Owner" {...bind(f, set, err, 'owner')} hint="A user key; budget administrators may name another user." />}
        />
        <Checkbox {...bindCheck(f, set, 'withRevenue')} label="Includes revenues" />
        <Checkbox {...bindCheck(f, set, 'withEarned')} label="Uses earned value" />
        <div class="form-actions">
          <a class="btn" href="/">
            Cancel
          </a>
          <button type="submit" class="btn btn-primary" disabled={sending.busy}>
            {sending.busy ? 'Creating…' : 'Create folio'}
          </button>
        </div>
      </form>
      <PlanImport />
    </div>
  );
}
