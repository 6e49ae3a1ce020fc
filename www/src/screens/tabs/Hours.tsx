// Actual hours (`/folios/{id}/hours`): for every team member and consulting revenue, the hours the
// server costs month by month with their money (GET /folio/{id}/payments: regular and overtime
// hours, amount, the item's total and to-date money), the hours synchronized from worklogs or
// billing (read only, from the plan document, when the folio synchronizes them), and the manual
// periods that override both (S6.5a), entered, changed and removed here.
import { useQuery } from '@tanstack/preact-query';
import { api, type HoursKind } from '../../api/budgets';
import type { Answer, Schemas } from '../../api/types';
import { itemsOf, type PositionItem } from '../../lib/items';
import { keepFor, keys } from '../../lib/queries';
import * as fmt from '../../lib/format';
import { mode } from '../../state';
import { useMayEdit } from '../../lib/editors';
import { ImportActuals } from '../../components/ImportActuals';
import { HoursGrid } from '../../components/HoursGrid';
import { HoursPeriods } from '../../editors/HoursPeriods';
import { ErrorBox, FiguresRefused, Loading, Money, UncomputableNote } from '../../components/ui';
import type { FolioProps } from '../FolioProps';
import { Col } from '../../components/Table';

type PaidItem = Answer<Schemas['PaidItem']>;
type SyncedDay = Answer<Schemas['SyncedDay']>;

/** Whose hours: a team member's worked hours, a consulting revenue's billable hours. */
const hoursKind = (p: PositionItem): HoursKind | null => (p.section === 'team' ? 'worked' : p.section === 'consulting' ? 'billable' : null);

/** Seconds as hours and minutes (`7:30`): integer arithmetic only, nothing through a float's fraction. */
export function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Synchronized days summed by calendar month (`2026-03`), in seconds. */
export function byMonth(days: readonly SyncedDay[]): [string, number][] {
  const months = new Map<string, number>();
  for (const d of days) months.set(d.date.slice(0, 7), (months.get(d.date.slice(0, 7)) ?? 0) + Number(d.seconds));
  return [...months].sort(([a], [b]) => a.localeCompare(b));
}

export function Hours({ folio, asOf }: FolioProps) {
  const items = useQuery({
    queryKey: keys.items(folio.id, asOf),
    queryFn: async ({ signal }) => itemsOf(await api.items(folio.id, asOf, signal)),
    placeholderData: keepFor(folio.id),
  });
  const payments = useQuery({
    queryKey: keys.payments(folio.id, asOf),
    queryFn: ({ signal }) => api.folioPayments(folio.id, asOf, signal),
    placeholderData: keepFor(folio.id),
  });
  const synchronizes = folio.isSynchronizedWithWorkLogs || folio.isSynchronizedWithServiceBilledHours;
  const plan = useQuery({ queryKey: keys.plan(folio.id), queryFn: ({ signal }) => api.plan(folio.id, signal), enabled: synchronizes });
  const mayChange = useMayEdit(folio);
  if (items.error) return <ErrorBox error={items.error} onRetry={() => void items.refetch()} />;
  if (!items.data) return <Loading label="Loading the team and the revenues" />;
  const people = items.data.positions.filter((p) => hoursKind(p) !== null);
  const paid = new Map((payments.data?.positions ?? []).map((p) => [p.id, p]));
  const synced = new Map((plan.data?.positions ?? []).map((p) => [String(p.position.id), p.syncedHours ?? []]));
  return (
    <div class="stack hours" aria-busy={items.isFetching || payments.isFetching ? 'true' : undefined}>
      <p class="muted">
        A team member’s hours each day come from the periods entered here, else{' '}
        {folio.isSynchronizedWithWorkLogs ? 'the worklogs of the folio’s saved filter' : 'the allocation (the folio does not synchronize worklogs)'}; a
        consulting revenue’s from the periods entered here, else{' '}
        {folio.isSynchronizedWithServiceBilledHours ? 'the billed hours' : 'its planned hours (the folio does not synchronize billed hours)'}. Months after{' '}
        {fmt.date(asOf)} are planned.
      </p>
      {payments.error ? (
        <FiguresRefused error={payments.error} onRetry={() => void payments.refetch()} title="Hours by month">
          <UncomputableNote folioId={folio.id} />
        </FiguresRefused>
      ) : null}
      {plan.error ? <ErrorBox error={plan.error} onRetry={() => void plan.refetch()} /> : null}
      {people.length === 0 ? <p data-hours="none">This folio has no team member and no consulting revenue.</p> : null}
      {mayChange && people.length > 0 ? <HoursGrid folio={folio} people={people} /> : null}
      {mayChange && mode.value !== 'offline' ? (
        <details class="card paste-rows">
          <summary>Paste worked hours from a spreadsheet</summary>
          <ImportActuals folioId={folio.id} currency={folio.currencyCode} paste fixedKind="hours" />
        </details>
      ) : null}
      {people.map((p) => (
        <PersonHours
          key={p.position.id}
          folioId={folio.id}
          item={p}
          kind={hoursKind(p) ?? 'worked'}
          paid={paid.get(p.position.id)}
          synced={synchronizes ? (synced.get(p.position.id) ?? []) : null}
          currency={folio.currencyCode}
          asOf={asOf}
          mayChange={mayChange}
        />
      ))}
    </div>
  );
}

function PersonHours({
  folioId,
  item,
  kind,
  paid,
  synced,
  currency,
  asOf,
  mayChange,
}: {
  folioId: string;
  item: PositionItem;
  kind: HoursKind;
  paid: PaidItem | undefined;
  synced: readonly SyncedDay[] | null;
  currency: string;
  asOf: string;
  mayChange: boolean;
}) {
  const p = item.position;
  const title = p.member && p.member !== p.name ? `${p.name} (${p.member})` : p.name;
  const month = asOf.slice(0, 7);
  return (
    <section class="card person-hours" aria-labelledby={`hours-${p.id}`} data-position={p.id}>
      <div class="card-head">
        <h3 id={`hours-${p.id}`}>{title}</h3>
        <span class="muted">{kind === 'worked' ? 'Team member: worked hours' : 'Consulting revenue: billable hours'}</span>
      </div>
      {paid ? (
        <>
          <p class="totals">
            To date <Money value={paid.toDate} currency={currency} indicator="toDate" /> of <Money value={paid.total} currency={currency} indicator="total" />
          </p>
          <details open={paid.lines.length <= 24}>
            <summary>Hours by month ({fmt.count(paid.lines.length)})</summary>
            <table class="table compact" aria-label={`Hours of ${p.name} by month`}>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <Col align="num">Regular</Col>
                  <Col align="num">Overtime</Col>
                  <Col align="num">Amount</Col>
                </tr>
              </thead>
              <tbody>
                {paid.lines.map((l) => (
                  <tr key={l.date} data-month={l.date.slice(0, 7)} class={l.date.slice(0, 7) > month ? 'planned' : undefined}>
                    <th scope="row">
                      {fmt.bucketLabel(l.date, 'month')}
                      {l.date.slice(0, 7) > month ? <span class="sr-only"> (planned)</span> : null}
                    </th>
                    <td class="num" data-value={l.effort ?? ''}>
                      {fmt.hours(l.effort)}
                    </td>
                    <td class="num" data-value={l.overtimeEffort ?? ''}>
                      {fmt.hours(l.overtimeEffort)}
                    </td>
                    <td class="num">
                      <Money value={l.totalAmount ?? l.amount} currency={currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : item.refusal ? (
        <p class="field-error">{item.refusal}</p>
      ) : null}
      {synced ? <Synced days={synced} kind={kind} name={p.name} /> : null}
      <HoursPeriods folioId={folioId} positionId={p.id} name={p.name} kind={kind} periods={item.hours.filter((h) => !h.deletedOn)} mayChange={mayChange} />
    </section>
  );
}

/** The synchronized hours of a position by month, read only. */
function Synced({ days, kind, name }: { days: readonly SyncedDay[]; kind: HoursKind; name: string }) {
  const what = kind === 'worked' ? 'Worklog hours' : 'Billed hours';
  const months = byMonth(days);
  return (
    <div class="synced-hours">
      <h4>{what} (synchronized, read only)</h4>
      {months.length === 0 ? (
        <p class="muted">None synchronized for {name}.</p>
      ) : (
        <table class="table compact" aria-label={`${what} of ${name} by month`}>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <Col align="num">Hours (h:mm)</Col>
            </tr>
          </thead>
          <tbody>
            {months.map(([m, seconds]) => (
              <tr key={m}>
                <th scope="row">{fmt.bucketLabel(`${m}-01`, 'month')}</th>
                <td class="num">{clock(seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
