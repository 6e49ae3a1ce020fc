// A position's manual hours (S6.5a): the worked hours of a team member or the billable hours of a
// consulting revenue, entered for a period and spread by the server over its working days. Each
// period is one request (POST, PUT, DELETE); the server refuses an overlap at the start date,
// naming the conflicting range and its hours. Deleting a period deletes only the override: the
// synchronized or planned hours apply again.
import { useState } from 'preact/hooks';
import { api, type HoursKind } from '../api/budgets';
import type { HoursPeriod } from '../api/types';
import { folioChanged } from '../lib/queries';
import { checkAmount, checkPeriod, type FieldErrors } from '../lib/validate';
import * as fmt from '../lib/format';
import { announce } from '../state';
import { useSubmit } from '../components/useSubmit';
import { EditActions, RemoveActions, useRemoval } from '../components/Removal';
import { Field, FormErrors, bind } from '../components/ui';
import { Col } from '../components/Table';
import { typed } from '../lib/numbers';

const FIELDS = ['startDate', 'endDate', 'effort', 'otEffort'];

interface Draft {
  startDate: string;
  endDate: string;
  effort: string;
  otEffort: string;
}
const EMPTY: Draft = { startDate: '', endDate: '', effort: '', otEffort: '0' };

function check(d: Draft): FieldErrors {
  const errors: FieldErrors = {};
  checkPeriod(errors, 'startDate', 'endDate', d.startDate, d.endDate);
  checkAmount(errors, 'effort', d.effort, 'Regular hours', 2);
  checkAmount(errors, 'otEffort', d.otEffort, 'Overtime hours', 2);
  return errors;
}

/** The manual periods of position `positionId` (`name` names it in every label) and their form. */
export function HoursPeriods({
  folioId,
  positionId,
  name,
  kind,
  periods,
  mayChange,
}: {
  folioId: string;
  positionId: string;
  name: string;
  kind: HoursKind;
  periods: readonly HoursPeriod[];
  mayChange: boolean;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const submit = useSubmit(FIELDS);
  const what = kind === 'worked' ? 'worked hours' : 'billable hours';
  const removal = useRemoval(async (p: HoursPeriod) => {
    await api.deleteHours(String(p.id), kind);
    await folioChanged(folioId);
    announce(`The ${what} of ${name} from ${fmt.date(p.startDate)} were removed.`);
  });
  const set = (k: keyof Draft) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const save = async (e: Event) => {
    e.preventDefault();
    await submit.run(check(draft), async () => {
      const body = { startDate: draft.startDate, endDate: draft.endDate, effort: typed(draft.effort), otEffort: typed(draft.otEffort) };
      if (editing) await api.updateHours(editing, kind, body);
      else await api.addHours(positionId, kind, body);
      await folioChanged(folioId);
      announce(`The ${what} of ${name} for ${fmt.period(draft.startDate, draft.endDate)} were saved.`);
      setEditing(null);
      setDraft(EMPTY);
    });
  };
  const edit = (p: HoursPeriod) => {
    setEditing(String(p.id));
    setDraft({ startDate: p.startDate, endDate: p.endDate, effort: p.effort, otEffort: p.otEffort });
    submit.clear();
  };
  return (
    <div class="hours-periods">
      <h4>Entered {what}</h4>
      {periods.length === 0 ? (
        <p class="muted">None entered: the {kind === 'worked' ? 'worklogs or the allocation' : 'billed or planned hours'} apply.</p>
      ) : (
        <table class="table compact" aria-label={`Entered ${what} of ${name}`}>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <Col align="num">Regular</Col>
              <Col align="num">Overtime</Col>
              {mayChange ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={String(p.id)} data-hours-period={p.startDate}>
                <th scope="row">{fmt.period(p.startDate, p.endDate)}</th>
                <td class="num" data-value={p.effort}>
                  {fmt.hours(p.effort)}
                </td>
                <td class="num" data-value={p.otEffort}>
                  {fmt.hours(p.otEffort)}
                </td>
                {mayChange ? (
                  <td>
                    <RemoveActions
                      verb="Remove"
                      what={`${what} of ${name} from ${fmt.date(p.startDate)}`}
                      asking={removal.asked === String(p.id)}
                      busy={removal.busy}
                      onAsk={() => removal.ask(String(p.id))}
                      onKeep={() => removal.ask(null)}
                      onConfirm={() => void removal.remove(p)}
                      onEdit={() => edit(p)}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FormErrors refusal={removal.refusal} />
      {mayChange ? (
        <form class="form hours-form" onSubmit={(e) => void save(e)} noValidate aria-label={`${editing ? 'Change' : 'Enter'} ${what} of ${name}`}>
          <FormErrors refusal={submit.refusal} />
          <div class="grid-4">
            <Field {...bind(draft, set, submit.err, 'startDate')} label="From" type="date" />
            <Field {...bind(draft, set, submit.err, 'endDate')} label="To" type="date" />
            <Field {...bind(draft, set, submit.err, 'effort')} label="Regular hours" inputMode="decimal" />
            <Field {...bind(draft, set, submit.err, 'otEffort')} label="Overtime hours" inputMode="decimal" />
          </div>
          <EditActions
            busy={submit.busy}
            editing={editing !== null}
            add={`Enter ${what}`}
            onCancel={() => {
              setEditing(null);
              setDraft(EMPTY);
              submit.clear();
            }}
          />
        </form>
      ) : null}
    </div>
  );
}
