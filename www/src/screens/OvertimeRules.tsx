// Overtime rules (`/admin/overtime-rules`): the rules a position's overtime is costed by (S6.6:
// hours beyond the regular hours of a day or a week, at the coefficient), which everyone reads
// (GET /budgets/1/overtimerule); a budget administrator adds one (POST), changes one (PUT, the
// whole rule) and deletes one (DELETE: positions naming it then cost their overtime as regular
// hours).
import { useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { OvertimeRule } from '../api/types';
import { num } from '../api/json';
import { everythingChanged, keys } from '../lib/queries';
import { checkAmount, requireText, type FieldErrors } from '../lib/validate';
import * as fmt from '../lib/format';
import { session, announce } from '../state';
import { useSubmit } from '../components/useSubmit';
import { EditActions, RemoveActions, useRemoval } from '../components/Removal';
import { AdminTabs } from './AdminTabs';
import { ErrorBox, Field, FormErrors, Loading, SelectField, bind } from '../components/ui';
import { Col, EmptyRow } from '../components/Table';
import { typed } from '../lib/numbers';

const FIELDS = ['name', 'regularHours', 'frequency', 'coefficient'];
const FREQUENCIES = [
  { value: 'DAILY', label: 'Daily (hours beyond a day’s)' },
  { value: 'WEEKLY', label: 'Weekly (hours beyond a week’s)' },
];

interface Draft {
  /** The rule changed, or null for a new one. */
  id: string | null;
  name: string;
  regularHours: string;
  frequency: 'DAILY' | 'WEEKLY';
  coefficient: string;
}

const EMPTY: Draft = { id: null, name: '', regularHours: '8', frequency: 'DAILY', coefficient: '1.5' };

const draftOf = (r: OvertimeRule): Draft => ({ id: r.id, name: r.name, regularHours: r.regularHours, frequency: r.frequency, coefficient: r.coefficient });

export function OvertimeRules() {
  const list = useQuery({ queryKey: keys.overtimeRules(), queryFn: ({ signal }) => api.overtimeRules(signal) });
  const admin = session.value?.budgetAdmin === true;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const live = list.data?.filter((r) => !r.deletedOn) ?? [];
  return (
    <div class="page">
      <AdminTabs />
      <div class="page-head">
        <div>
          <h1>Overtime rules</h1>
          <p class="muted">A team member’s hours beyond a day’s or a week’s regular hours cost their rate times the rule’s coefficient.</p>
        </div>
      </div>
      {admin ? (
        <RuleForm key={draft.id ?? 'new'} draft={draft} onDone={() => setDraft(EMPTY)} />
      ) : (
        <p class="muted">Only budget administrators add, change and delete rules.</p>
      )}
      {list.error ? <ErrorBox error={list.error} onRetry={() => void list.refetch()} /> : null}
      {!list.data && !list.error ? <Loading label="Loading overtime rules" /> : null}
      {list.data ? <RuleTable rules={live} admin={admin} onEdit={(r) => setDraft(draftOf(r))} /> : null}
    </div>
  );
}

/** Adds a rule, or changes the one being edited (the whole rule is sent). */
function RuleForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const [f, setF] = useState<Draft>(draft);
  const submitting = useSubmit(FIELDS);
  const set = (k: 'name' | 'regularHours' | 'coefficient') => (v: string) => setF((p) => ({ ...p, [k]: v }));

  const submit = async (e: Event) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    requireText(errors, 'name', f.name, 'Name');
    checkAmount(errors, 'regularHours', f.regularHours, 'Regular hours');
    checkAmount(errors, 'coefficient', f.coefficient, 'Coefficient');
    await submitting.run(errors, async () => {
      const body = { name: f.name.trim(), regularHours: typed(f.regularHours), frequency: f.frequency, coefficient: typed(f.coefficient) };
      if (f.id === null) await api.createOvertimeRule(body);
      else await api.updateOvertimeRule({ id: num(f.id), ...body });
      announce(`Overtime rule “${body.name}” ${f.id === null ? 'added' : 'saved'}.`);
      // The positions naming the rule may cost differently now.
      await everythingChanged();
      onDone();
    });
  };

  return (
    <section class="card" aria-labelledby="rule-form-title">
      <h2 id="rule-form-title">{f.id === null ? 'Add a rule' : `Change “${draft.name}”`}</h2>
      <form class="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormErrors refusal={submitting.refusal} />
        <div class="grid-4">
          <Field {...bind(f, set, submitting.err, 'name')} label="Name" maxLength={255} />
          <SelectField
            label="Frequency"
            name="frequency"
            value={f.frequency}
            onValue={(v) => setF((p) => ({ ...p, frequency: v === 'WEEKLY' ? 'WEEKLY' : 'DAILY' }))}
            options={FREQUENCIES}
            error={submitting.err('frequency')}
          />
          <Field {...bind(f, set, submitting.err, 'regularHours')} label="Regular hours" inputMode="decimal" />
          <Field {...bind(f, set, submitting.err, 'coefficient')} label="Coefficient" inputMode="decimal" hint="1.5: an overtime hour costs one and a half" />
        </div>
        <EditActions busy={submitting.busy} editing={f.id !== null} add="Add rule" save="Save rule" onCancel={onDone} />
      </form>
    </section>
  );
}

function RuleTable({ rules, admin, onEdit }: { rules: OvertimeRule[]; admin: boolean; onEdit: (rule: OvertimeRule) => void }) {
  const removal = useRemoval(async (r: OvertimeRule) => {
    await api.deleteOvertimeRule(r.id);
    announce(`Overtime rule “${r.name}” deleted.`);
    await everythingChanged();
  });

  return (
    <section class="card">
      <FormErrors refusal={removal.refusal} />
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Overtime rules table">
        <table class="table">
          <caption>Overtime rules ({fmt.count(rules.length)})</caption>
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col" class="right wide-only">
                Regular hours
              </th>
              <th scope="col" class="right wide-only">
                Coefficient
              </th>
              {admin ? <Col align="right">Actions</Col> : null}
            </tr>
          </thead>
          <tbody>
            {rules.map((r) => (
              <tr key={r.id} data-rule-id={r.id}>
                <th scope="row">
                  {r.name}
                  <div class="sub">
                    {r.frequency === 'WEEKLY' ? 'weekly' : 'daily'}
                    <span class="narrow-only">
                      , beyond {fmt.hours(r.regularHours)}, ×{fmt.decimal(r.coefficient)}
                    </span>
                  </div>
                </th>
                <td class="right num wide-only">{fmt.hours(r.regularHours)}</td>
                <td class="right num wide-only">×{fmt.decimal(r.coefficient)}</td>
                {admin ? (
                  <td class="right">
                    <RemoveActions
                      verb="Delete"
                      what={r.name}
                      asking={removal.asked === r.id}
                      busy={removal.busy}
                      onAsk={() => removal.ask(r.id)}
                      onKeep={() => removal.ask(null)}
                      onConfirm={() => void removal.remove(r)}
                      onEdit={() => onEdit(r)}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
            <EmptyRow columns={admin ? 4 : 3} when={rules.length === 0}>
              No overtime rule: overtime is costed as regular hours.
            </EmptyRow>
          </tbody>
        </table>
      </div>
    </section>
  );
}
