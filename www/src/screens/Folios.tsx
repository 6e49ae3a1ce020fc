// Screen 1: the caller's visible folios (GET /folio), each with its indicators at the as-of date
// (GET /folio/{id}/indicators: currency, BAC, CPI, SPI and the server's four light statuses).
// Details are read for the rows on screen only (and for all rows when sorting by a figure), at
// most six at a time, from the cache the folio's own screens share.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { FolioSummary, Indicators } from '../api/types';
import { asOf, setAsOf } from '../state';
import { keys, queryClient } from '../lib/queries';
import * as fmt from '../lib/format';
import { compare } from '../lib/decimal';
import { lightsOf, STATUS_RANK } from '../lib/lights';
import { flatten, folioIdsUnder } from '../lib/portfolios';
import { ErrorBox, FolioStatus, Loading, Money, Rag } from '../components/ui';
import { Pager, usePaging } from '../components/Pager';
import { EmptyRow } from '../components/Table';

interface Detail {
  indicators?: Indicators;
  error?: string;
}

type SortKey = 'name' | 'status' | 'startDate' | 'endDate' | 'owner' | 'bac' | 'cpi' | 'spi' | 'cost';
const SORTS: { key: SortKey; label: string; figure?: boolean }[] = [
  { key: 'name', label: 'Name' },
  { key: 'status', label: 'Status' },
  { key: 'startDate', label: 'Start' },
  { key: 'endDate', label: 'End' },
  { key: 'owner', label: 'Owner' },
  { key: 'bac', label: 'BAC', figure: true },
  { key: 'cpi', label: 'CPI', figure: true },
  { key: 'spi', label: 'SPI', figure: true },
  { key: 'cost', label: 'Cost light', figure: true },
];
const PAGE = 25;
/** The most folios one request of indicators names (the server's cap). */
const BATCH = 100;

function figureCompare(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null && b == null) return 0;
  if (a == null) return 1;
  if (b == null) return -1;
  return compare(a, b);
}

export function Folios() {
  const list = useQuery({ queryKey: keys.folios(), queryFn: ({ signal }) => api.folios(signal) });
  const portfolios = useQuery({ queryKey: keys.portfolios(), queryFn: ({ signal }) => api.portfolios(signal) });
  const tree = useMemo(() => flatten(portfolios.data ?? []), [portfolios.data]);
  const [portfolioId, setPortfolioId] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortKey>('name');
  const [descending, setDescending] = useState(false);
  const day = asOf.value;
  const figureSort = SORTS.find((s) => s.key === sort)?.figure ?? false;
  // The rows whose indicators are read: those on the page (all of them when sorting by a figure).
  const [shownIds, setShownIds] = useState<string[]>([]);
  const wanted = figureSort ? (list.data ?? []).map((f) => f.id) : shownIds;
  // The rows' indicators in one request per 100 folios (the page's rows: one request), each also
  // kept under the folio's own key, which the folio's screens read.
  const wantedKey = wanted.join(',');
  const batch = useQuery({
    queryKey: keys.manyIndicators(wantedKey, day),
    queryFn: async ({ signal }) => {
      const chunks: string[][] = [];
      for (let i = 0; i < wanted.length; i += BATCH) chunks.push(wanted.slice(i, i + BATCH));
      const answers = (await Promise.all(chunks.map((ids) => api.manyIndicators(ids, day, signal)))).flat();
      for (const a of answers) if (a.indicators) queryClient.setQueryData(keys.indicators(a.folioId, day), a.indicators);
      return answers;
    },
    enabled: wanted.length > 0,
    placeholderData: (previous) => previous,
  });
  const details: Record<string, Detail | undefined> = {};
  for (const a of batch.data ?? []) details[a.folioId] = a.indicators ? { indicators: a.indicators } : { error: a.refusal ?? 'Not computed' };
  if (batch.error) for (const id of wanted) details[id] ??= { error: batch.error.message };
  const detailsKey = wanted.map((id) => `${id}:${details[id]?.indicators ? 'i' : details[id]?.error ? 'e' : ''}`).join(',');

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const chosen = tree.find((p) => p.portfolio.id === portfolioId)?.portfolio;
    const within = chosen ? folioIdsUnder(chosen) : null;
    const rows = (list.data ?? []).filter(
      (f) => (!within || within.has(f.id)) && (!q || f.name.toLowerCase().includes(q) || f.owner.toLowerCase().includes(q) || f.status.includes(q)),
    );
    const by = (f: FolioSummary, g: FolioSummary): number => {
      const d = details;
      switch (sort) {
        case 'bac':
          return figureCompare(d[f.id]?.indicators?.bac, d[g.id]?.indicators?.bac);
        case 'cpi':
          return figureCompare(d[f.id]?.indicators?.cpi, d[g.id]?.indicators?.cpi);
        case 'spi':
          return figureCompare(d[f.id]?.indicators?.spi, d[g.id]?.indicators?.spi);
        case 'cost':
          return STATUS_RANK[d[f.id]?.indicators?.cpiStatus ?? 'grey'] - STATUS_RANK[d[g.id]?.indicators?.cpiStatus ?? 'grey'];
        default:
          return (f[sort] ?? '').localeCompare(g[sort] ?? '', undefined, { sensitivity: 'base', numeric: true });
      }
    };
    const sorted = [...rows].sort((a, b) => by(a, b) || a.name.localeCompare(b.name));
    return descending ? sorted.reverse() : sorted;
    // `details` is read through `detailsKey`: a new answer re-sorts, a re-render alone does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, query, portfolioId, tree, sort, descending, figureSort ? detailsKey : '']);

  const paging = usePaging(filtered, PAGE, [query, portfolioId, sort, descending]);
  const visible = paging.visible;
  const visibleIds = visible.map((f) => f.id).join(',');
  useEffect(() => setShownIds(visibleIds ? visibleIds.split(',') : []), [visibleIds]);

  const toggleSort = (key: SortKey) => {
    if (sort === key) setDescending(!descending);
    else {
      setSort(key);
      setDescending(false);
    }
  };

  return (
    <div class="page">
      <div class="page-head">
        <div>
          <h1>Folios</h1>
          <p class="muted">Every folio you may see, with its figures as of {fmt.date(day)}.</p>
        </div>
        <a class="btn btn-primary" href="/folios/new">
          New folio
        </a>
      </div>
      <div class="toolbar card">
        <div class="field grow">
          <label for="folio-search">Search folios</label>
          <input id="folio-search" type="search" value={query} placeholder="Name, owner or status" onInput={(e) => setQuery(e.currentTarget.value)} />
        </div>
        {tree.length ? (
          <div class="field">
            <label for="folio-portfolio">Portfolio</label>
            <select id="folio-portfolio" value={portfolioId} onChange={(e) => setPortfolioId(e.currentTarget.value)}>
              <option value="">All folios</option>
              {tree.map(({ portfolio: p, depth }) => (
                <option key={p.id} value={p.id}>
                  {`${'· '.repeat(depth)}${p.name}`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div class="field">
          <label for="folio-sort">Sort by</label>
          <select id="folio-sort" value={sort} onChange={(e) => setSort(e.currentTarget.value as SortKey)}>
            {SORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div class="field check">
          <input id="folio-desc" type="checkbox" checked={descending} onChange={(e) => setDescending(e.currentTarget.checked)} />
          <label for="folio-desc">Descending</label>
        </div>
        <div class="field">
          <label for="folios-asof">As of</label>
          <input
            id="folios-asof"
            type="date"
            value={day}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (v) setAsOf(v);
            }}
          />
        </div>
      </div>
      {list.isPending ? <Loading label="Loading folios" /> : null}
      {list.error ? <ErrorBox error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <section class="card">
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Folios table">
            <table class="table table-cards">
              <caption>
                Folios ({fmt.count(filtered.length)}
                {filtered.length !== list.data.length ? ` of ${fmt.count(list.data.length)}` : ''})
              </caption>
              <thead>
                <tr>
                  {(['name', 'status'] as SortKey[]).map((k) => (
                    <th key={k} scope="col" aria-sort={sort === k ? (descending ? 'descending' : 'ascending') : undefined}>
                      <button type="button" class="th-sort" onClick={() => toggleSort(k)}>
                        {k === 'name' ? 'Name' : 'Status'}
                      </button>
                    </th>
                  ))}
                  <th scope="col" aria-sort={sort === 'startDate' ? (descending ? 'descending' : 'ascending') : undefined}>
                    <button type="button" class="th-sort" onClick={() => toggleSort('startDate')}>
                      Period
                    </button>
                  </th>
                  <th scope="col">Currency</th>
                  <th scope="col" class="right" aria-sort={sort === 'bac' ? (descending ? 'descending' : 'ascending') : undefined}>
                    <button type="button" class="th-sort" onClick={() => toggleSort('bac')}>
                      BAC
                    </button>
                  </th>
                  <th scope="col" class="right" aria-sort={sort === 'cpi' ? (descending ? 'descending' : 'ascending') : undefined}>
                    <button type="button" class="th-sort" onClick={() => toggleSort('cpi')}>
                      CPI
                    </button>
                  </th>
                  <th scope="col" class="right" aria-sort={sort === 'spi' ? (descending ? 'descending' : 'ascending') : undefined}>
                    <button type="button" class="th-sort" onClick={() => toggleSort('spi')}>
                      SPI
                    </button>
                  </th>
                  <th scope="col">Lights</th>
                </tr>
              </thead>
              <tbody>
                {visible.map((f) => {
                  const d = details[f.id];
                  const ind = d?.indicators;
                  const currency = ind?.currencyCode ?? '';
                  return (
                    <tr key={f.id} data-folio-id={f.id}>
                      <th scope="row" class="c-8">
                        <a href={`/folios/${f.id}`}>{f.name}</a>
                        <div class="sub">{f.owner}</div>
                      </th>
                      <td class="c-4 c-end">
                        <FolioStatus status={f.status} />
                      </td>
                      <td class="nowrap c-8" data-label="Period">
                        {fmt.period(f.startDate, f.endDate)}
                      </td>
                      <td class="c-4" data-label="Currency">
                        {currency || (d?.error ? '—' : '…')}
                      </td>
                      <td class="right c-6" data-label="BAC">
                        {ind ? <Money value={ind.bac} currency={currency} indicator="bac" /> : d?.error ? '—' : '…'}
                      </td>
                      <td class="right c-3" data-label="CPI" data-indicator="cpi" data-value={ind?.cpi ?? ''}>
                        {ind ? fmt.decimal(ind.cpi) : d?.error ? '—' : '…'}
                      </td>
                      <td class="right c-3" data-label="SPI" data-indicator="spi" data-value={ind?.spi ?? ''}>
                        {ind ? fmt.decimal(ind.spi) : d?.error ? '—' : '…'}
                      </td>
                      <td class="c-12">
                        {ind ? (
                          <div class="lights">
                            {lightsOf(ind).map((l) => (
                              <Rag key={l.key} status={l.status} label={l.label} title={l.basis} />
                            ))}
                          </div>
                        ) : d?.error ? (
                          <span class="muted" data-refusal>
                            {d.error}
                          </span>
                        ) : (
                          <span class="muted">Loading…</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
                <EmptyRow columns={8} when={visible.length === 0}>
                  {list.data.length === 0 ? 'No folios yet. Create the first one with “New folio”.' : 'No folio matches the search.'}
                </EmptyRow>
              </tbody>
            </table>
          </div>
          <Pager paging={paging} label="Folios" />
        </section>
      ) : null}
    </div>
  );
}
