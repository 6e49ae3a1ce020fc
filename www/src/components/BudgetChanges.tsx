// The log of a folio's approved budget (GET /folio/{id}/budget-changes, S15.7): the approved
// budget (the first approval's), the current one, and every change with who, when, why, BAC
// and the management reserve before and after; a portfolio's (GET /portfolio/{id}/budget-changes) names
// each change's folio. Every figure is the server's.
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { BudgetChange } from '../api/types';
import { keys } from '../lib/queries';
import * as fmt from '../lib/format';
import { Card, ErrorBox, Loading, Money } from './ui';

const KIND_LABEL = {
  baseline: 'Baseline approved',
  promotion: 'Scenario promoted and approved',
  reserve: 'Reserve or contingency changed',
  withdrawal: 'Baseline withdrawn',
  restatement: 'Restated (rates or calendars changed)',
} as const;

/** A folio's approved and current budget and its log of changes. */
export function FolioBudgetChanges({ folioId, currency }: { folioId: string; currency: string }) {
  const log = useQuery({ queryKey: keys.budgetChanges(folioId), queryFn: ({ signal }) => api.budgetChanges(folioId, signal) });
  return (
    <Card title="Budget">
      {log.error ? <ErrorBox error={log.error} onRetry={() => void log.refetch()} /> : null}
      {!log.data && !log.error ? <Loading label="Loading the budget's changes" /> : null}
      {log.data ? (
        log.data.changes.length === 0 ? (
          <p data-budget="none">No budget is approved yet: approve a baseline of costs (Baselines) or promote a scenario with its approval.</p>
        ) : (
          <>
            <dl class="figures budget-figures">
              <div>
                <dt>Approved budget</dt>
                <dd data-budget="approved">
                  <Money value={log.data.approvedBudget} currency={currency} />
                </dd>
              </div>
              <div>
                <dt>Current budget</dt>
                <dd data-budget="current">
                  <Money value={log.data.currentBudget} currency={currency} />
                </dd>
              </div>
            </dl>
            <ChangeTable changes={log.data.changes} currency={currency} label="Changes of the approved budget" />
          </>
        )
      ) : null}
    </Card>
  );
}

/** The budget changes of a portfolio's folios, oldest first. */
export function PortfolioBudgetChanges({ portfolioId, currency }: { portfolioId: string; currency: string }) {
  const log = useQuery({
    queryKey: keys.portfolioBudgetChanges(portfolioId),
    queryFn: ({ signal }) => api.portfolioBudgetChanges(portfolioId, signal),
  });
  if (log.error) return <ErrorBox error={log.error} onRetry={() => void log.refetch()} />;
  if (!log.data) return <Loading label="Loading the budget changes" />;
  return (
    <Card title="Budget changes of its folios">
      {log.data.changes.length === 0 ? (
        <p>No folio of this portfolio has an approved budget yet.</p>
      ) : (
        <ChangeTable
          changes={log.data.changes.map((c) => ({ ...c, folioName: c.folioName }))}
          currency={currency}
          label="Budget changes of the portfolio's folios"
          withFolio
        />
      )}
    </Card>
  );
}

function ChangeTable({
  changes,
  currency,
  label,
  withFolio,
}: {
  changes: readonly (BudgetChange & { folioName?: string })[];
  currency: string;
  label: string;
  withFolio?: boolean;
}) {
  return (
    <div class="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table class="table budget-log">
        <caption class="sr-only">{label}, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            {withFolio ? <th scope="col">Folio</th> : null}
            <th scope="col">Change</th>
            <th scope="col">Reason</th>
            <th scope="col">By</th>
            <th scope="col" class="num">
              BAC before
            </th>
            <th scope="col" class="num">
              BAC after
            </th>
            <th scope="col" class="num">
              Reserve before → after
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={`${c.folioId}-${c.id}`} data-budget-change={c.kind}>
              <td>{fmt.date(c.at.slice(0, 10))}</td>
              {withFolio ? <td>{c.folioName}</td> : null}
              <th scope="row">{KIND_LABEL[c.kind]}</th>
              <td>{c.reason ?? <span class="muted">none given</span>}</td>
              <td>{c.user ?? fmt.NONE}</td>
              <td class="num">
                <Money value={c.bacBefore} currency={c.currencyCode || currency} />
              </td>
              <td class="num">
                <Money value={c.bacAfter} currency={c.currencyCode || currency} />
              </td>
              <td class="num" title={`Reserve drawn into the budget: ${c.reserveDrawn}`}>
                <Money value={c.reserveBefore} currency={c.currencyCode || currency} /> → <Money value={c.reserveAfter} currency={c.currencyCode || currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
