// A portfolio's sub-portfolios, each with its own rollup (GET /portfolio/{id}/indicators, in its
// own currency) and a link to its screen; and the portfolio's removal, refused by the server while
// it holds sub-portfolios.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useQueries } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { Portfolio } from '../api/types';
import { keys, queryClient } from '../lib/queries';
import { throttled } from '../lib/pool';
import { portfolioHref } from '../lib/routes';
import * as fmt from '../lib/format';
import { announce } from '../state';
import { useSubmit } from '../components/useSubmit';
import { Card, FormErrors, Money } from '../components/ui';
import { Lights } from '../components/IndicatorGrid';
import { Col } from '../components/Table';

export function SubPortfolios({ subs, asOf }: { subs: readonly Portfolio[]; asOf: string }) {
  const rollups = useQueries({
    queries: subs.map((c) => ({
      queryKey: keys.portfolioIndicators(c.id, asOf),
      queryFn: ({ signal }: { signal: AbortSignal }) => throttled(() => api.portfolioIndicators(c.id, asOf, signal)),
    })),
  });
  if (subs.length === 0) return null;
  return (
    <Card title={`Sub-portfolios (${fmt.count(subs.length)})`} busy={rollups.some((r) => r.isPending)}>
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Sub-portfolios">
        <table class="table table-cards">
          <caption>Sub-portfolios, each rolled up in its own currency</caption>
          <thead>
            <tr>
              <th scope="col">Portfolio</th>
              <Col align="right">BAC</Col>
              <Col align="right">EAC</Col>
              <th scope="col">Lights</th>
            </tr>
          </thead>
          <tbody>
            {subs.map((c, i) => {
              const r = rollups[i]?.data;
              return (
                <tr key={c.id} data-portfolio-id={c.id}>
                  <th scope="row" class="c-12">
                    <span class="swatch-dot" style={{ background: c.color }} aria-hidden="true" /> <a href={portfolioHref(c.id)}>{c.name}</a>
                    <div class="sub">
                      {fmt.count(c.folios.length)} folio{c.folios.length === 1 ? '' : 's'}, {c.currencyCode}
                    </div>
                  </th>
                  <td class="right c-6" data-label="BAC">
                    {r ? <Money value={r.bac} currency={r.currencyCode} indicator="bac" /> : '—'}
                  </td>
                  <td class="right c-6" data-label="EAC">
                    {r ? <Money value={r.eac} currency={r.currencyCode} indicator="eac" /> : '—'}
                  </td>
                  <td class="c-12">{r ? <Lights indicators={r} /> : rollups[i]?.error ? <span class="muted">{rollups[i]?.error?.message}</span> : null}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Deletes portfolio `p` after a confirmation naming it. */
export function DeletePortfolio({ p }: { p: Portfolio }) {
  const { route } = useLocation();
  const [asking, setAsking] = useState(false);
  const submit = useSubmit([]);
  const remove = () =>
    submit.run({}, async () => {
      await api.deletePortfolio(p.id);
      await queryClient.invalidateQueries({ queryKey: keys.portfolios() });
      announce(`Portfolio “${p.name}” deleted.`);
      route('/portfolios');
    });
  return (
    <div class="portfolio-delete">
      <FormErrors refusal={submit.refusal} />
      {asking ? (
        <span class="row-actions" role="group" aria-label={`Delete “${p.name}”?`}>
          <button type="button" class="btn btn-small btn-danger" disabled={submit.busy} onClick={() => void remove()}>
            {`Delete “${p.name}”`}
          </button>
          <button type="button" class="btn btn-small" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </span>
      ) : (
        <button type="button" class="btn btn-small btn-ghost" onClick={() => setAsking(true)}>
          Delete…
        </button>
      )}
    </div>
  );
}
