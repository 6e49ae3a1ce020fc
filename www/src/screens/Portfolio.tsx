// Screen 6: a portfolio's rollup in its currency (GET /portfolio/{id}/indicators?asOf=) and its
// folios with their figures and lights (GET /folio/{id}/indicators?asOf= for each, in the folio's
// own currency). Every light is the server's status.
import { api } from '../api/budgets';
import { ApiError } from '../api/client';
import { useQueries, useQuery } from '@tanstack/preact-query';
import { keepFor, keys } from '../lib/queries';
import { throttled } from '../lib/pool';
import * as fmt from '../lib/format';
import { asOf, mode, session } from '../state';
import { withId } from '../api/types';
import { ancestry, flatten } from '../lib/portfolios';
import { portfolioHref } from '../lib/routes';
import { DeletePortfolio, SubPortfolios } from './SubPortfolios';
import { Card, ErrorBox, FiguresRefused, FolioStatus, Loading, Money } from '../components/ui';
import { IndicatorGrid, Lights } from '../components/IndicatorGrid';
import { useState } from 'preact/hooks';
import { lazy } from 'preact-iso';
import { PortfolioTrends } from './Trends';
import { Col } from '../components/Table';
import { AsOfPicker } from '../components/AsOf';
import { PortfolioConfidence } from '../components/PortfolioConfidence';
import { PortfolioBudgetChanges } from '../components/BudgetChanges';

const ExplainDialog = lazy(() => import('../components/Explain').then((m) => m.ExplainDialog));

export function PortfolioScreen({ id }: { id: string }) {
  const day = asOf.value;
  const [explaining, setExplaining] = useState<{ path: string; title: string } | null>(null);
  // The portfolio from the list the Portfolios screen reads (the same cached answer).
  const portfolio = useQuery({
    queryKey: keys.portfolios(),
    queryFn: ({ signal }) => api.portfolios(signal),
    select: (tops) => {
      const chain = ancestry(flatten(tops), id);
      if (chain.length === 0) throw new Error('This portfolio does not exist or you may not see it.');
      return chain;
    },
  });
  const rollup = useQuery({
    queryKey: keys.portfolioIndicators(id, day),
    queryFn: ({ signal }) => api.portfolioIndicators(id, day, signal),
    placeholderData: keepFor(id),
  });
  const list = portfolio.data?.at(-1)?.portfolio.folios ?? [];
  // Each folio's indicators, in its own currency: the answers the folio's screens read.
  const answers = useQueries({
    queries: list.map((f) => ({
      queryKey: keys.indicators(f.id, day),
      queryFn: ({ signal }: { signal: AbortSignal }) => throttled(() => api.indicators(f.id, day, signal)),
    })),
  });
  // A folio the caller may not see answers 404; one the server cannot compute (S5.6) its refusal.
  const folios = list.map((summary, i) => {
    const a = answers[i];
    return {
      summary,
      indicators: a?.data,
      pending: a?.isPending ?? true,
      refusal: a?.error instanceof ApiError && a.error.status === 400 ? a.error.message : undefined,
    };
  });

  if (portfolio.error)
    return (
      <div class="page">
        <h1>Portfolio</h1>
        <ErrorBox error={portfolio.error} onRetry={() => void portfolio.refetch()} />
      </div>
    );
  if (!portfolio.data)
    return (
      <div class="page">
        <Loading label="Loading the portfolio" />
      </div>
    );
  const chain = portfolio.data;
  const p = chain[chain.length - 1]!.portfolio;
  const me = session.value;
  const mayChange = !!me && (me.budgetAdmin || me.user === p.owner || p.admins.includes(me.user));
  return (
    <div class="page">
      <nav class="crumbs" aria-label="Breadcrumb">
        <a href="/portfolios">Portfolios</a>
        {chain.slice(0, -1).map((c) => (
          <span key={c.portfolio.id}>
            {' '}
            <span aria-hidden="true">/</span> <a href={portfolioHref(c.portfolio.id)}>{c.portfolio.name}</a>
          </span>
        ))}{' '}
        <span aria-hidden="true">/</span> <span aria-current="page">{p.name}</span>
      </nav>
      <header class="folio-head card">
        <div class="folio-title">
          <h1>{p.name}</h1>
          <span class="badge">{p.isPrivate ? 'private' : 'shared'}</span>
          <span class="head-actions">
            {mode.value === 'offline' ? null : (
              <a
                class="btn btn-small"
                href={api.portfolioWorkbookUrl(p.id, day)}
                download={`${p.name.trim().replace(/[^\p{L}\p{N}._-]+/gu, '-') || 'portfolio'}-${day}.xlsx`}
                data-native
              >
                Download workbook (XLSX)
              </a>
            )}
            {mayChange ? (
              <>
                <a class="btn btn-small" href={`${portfolioHref(p.id)}/edit`}>
                  Edit
                </a>
                <DeletePortfolio p={p} />
              </>
            ) : null}
          </span>
        </div>
        {p.description ? <p class="muted">{p.description}</p> : null}
        <dl class="facts">
          <div>
            <dt>Currency</dt>
            <dd>{p.currencyCode}</dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd>{p.owner}</dd>
          </div>
          <div>
            <dt>Folios</dt>
            <dd>{fmt.count(p.folios.length)}</dd>
          </div>
        </dl>
        <AsOfPicker id="portfolio-asof" />
      </header>
      <div class="stack" style={{ marginTop: '1rem' }}>
        {rollup.error ? <FiguresRefused error={rollup.error} onRetry={() => void rollup.refetch()} title={<>Rollup as of {fmt.date(day)}</>} /> : null}
        {rollup.data ? (
          <>
            <Card title="Traffic lights of the rollup">
              <Lights indicators={rollup.data} big explain={(figure, title) => setExplaining({ path: api.portfolioExplainPath(id, figure, day), title })} />
            </Card>
            <Card title={<>Rollup as of {fmt.date(day)}</>} actions={<span class="muted">All figures converted into {rollup.data.currencyCode}</span>}>
              <IndicatorGrid
                indicators={rollup.data}
                currency={rollup.data.currencyCode}
                explain={(figure, title) => setExplaining({ path: api.portfolioExplainPath(id, figure, day), title })}
              />
            </Card>
            {explaining ? <ExplainDialog path={explaining.path} title={explaining.title} onClose={() => setExplaining(null)} /> : null}
          </>
        ) : !rollup.error ? (
          <Loading label="Rolling up" />
        ) : null}
        <SubPortfolios subs={p.portfolios.map((c) => withId(c, 'a sub-portfolio'))} asOf={day} />
        <Card title="Folios" busy={folios.some((f) => f.pending)}>
          {
            <div class="table-scroll" tabIndex={0} role="region" aria-label="Folios of the portfolio">
              <table class="table table-cards">
                <caption>Folios of {p.name}, each in its own currency</caption>
                <thead>
                  <tr>
                    <th scope="col">Folio</th>
                    <th scope="col">Status</th>
                    <th scope="col">Period</th>
                    <Col align="right">BAC</Col>
                    <Col align="right">EAC</Col>
                    <Col align="right">CPI</Col>
                    <Col align="right">SPI</Col>
                    <th scope="col">Lights</th>
                  </tr>
                </thead>
                <tbody>
                  {folios.map(({ summary, indicators, refusal, pending }) => (
                    <tr key={summary.id} data-folio-id={summary.id}>
                      <th scope="row" class="c-8">
                        <a href={`/folios/${summary.id}`}>{summary.name}</a>
                        <div class="sub">{indicators?.currencyCode ?? ''}</div>
                      </th>
                      <td class="c-4 c-end">
                        <FolioStatus status={indicators?.status ?? summary.status} />
                      </td>
                      <td class="nowrap c-12" data-label="Period">
                        {fmt.period(summary.startDate, summary.endDate)}
                      </td>
                      {(['bac', 'eac'] as const).map((figure) => (
                        <td key={figure} class="right c-6" data-label={figure.toUpperCase()}>
                          {indicators ? (
                            <button
                              type="button"
                              class="figure-button"
                              onClick={() =>
                                setExplaining({ path: api.explainPath(summary.id, figure, day), title: `${figure.toUpperCase()} of ${summary.name}` })
                              }
                            >
                              <Money value={indicators[figure]} currency={indicators.currencyCode} indicator={figure} />
                            </button>
                          ) : (
                            '—'
                          )}
                        </td>
                      ))}
                      <td class="right num c-6" data-label="CPI" data-indicator="cpi" data-value={indicators?.cpi ?? ''}>
                        {fmt.decimal(indicators?.cpi)}
                      </td>
                      <td class="right num c-6" data-label="SPI" data-indicator="spi" data-value={indicators?.spi ?? ''}>
                        {fmt.decimal(indicators?.spi)}
                      </td>
                      <td class="c-12">
                        {indicators ? (
                          <Lights indicators={indicators} />
                        ) : refusal ? (
                          <span class="muted" data-refusal>
                            {refusal}
                          </span>
                        ) : pending ? (
                          <span class="muted">Loading…</span>
                        ) : (
                          <span class="muted">not visible to you</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          }
        </Card>
        <PortfolioConfidence id={id} asOf={day} currency={p.currencyCode} />
        <PortfolioBudgetChanges portfolioId={id} currency={p.currencyCode} />
        <PortfolioTrends portfolioId={id} currency={p.currencyCode} />
      </div>
    </div>
  );
}
