// A folio's frame: header (GET /folio/{id}), the as-of date picker, the tabs of its screens.
import { lazy, Suspense } from 'preact/compat';
import { api } from '../api/budgets';
import type { Folio } from '../api/types';
import { asOf, setAsOf } from '../state';
import { useAsync } from '../lib/useAsync';
import * as fmt from '../lib/format';
import type { FolioTab } from '../lib/routes';
import { folioHref } from '../lib/routes';
import { ErrorBox, FolioStatus, Loading } from '../components/ui';
import { Overview } from './Overview';
import type { FolioProps } from './FolioProps';

const Forecast = lazy(() => import('./Forecast').then((m) => ({ default: m.Forecast })));
const Costs = lazy(() => import('./Costs').then((m) => ({ default: m.Costs })));
const WhatIf = lazy(() => import('./WhatIf').then((m) => ({ default: m.WhatIf })));
const Baselines = lazy(() => import('./Baselines').then((m) => ({ default: m.Baselines })));
const Export = lazy(() => import('./Export').then((m) => ({ default: m.Export })));

const TABS: { tab: FolioTab; label: string }[] = [
  { tab: 'overview', label: 'Overview' },
  { tab: 'forecast', label: 'Forecast' },
  { tab: 'costs', label: 'Costs & revenues' },
  { tab: 'whatif', label: 'What-if' },
  { tab: 'baselines', label: 'Baselines' },
  { tab: 'export', label: 'Export' },
];

export function FolioScreen({ id, tab }: { id: string; tab: FolioTab }) {
  const folio = useAsync(() => api.folio(id), [id]);
  const day = asOf.value;
  if (folio.error)
    return (
      <div class="page">
        <nav class="crumbs" aria-label="Breadcrumb">
          <a href="/">Folios</a>
        </nav>
        <h1>Folio {id}</h1>
        <ErrorBox error={folio.error} onRetry={folio.reload} />
      </div>
    );
  if (!folio.data)
    return (
      <div class="page">
        <Loading label="Loading the folio" />
      </div>
    );
  const f = folio.data;
  const props: FolioProps = { folio: f, asOf: day, reloadFolio: folio.reload };
  const label = TABS.find((t) => t.tab === tab)?.label ?? '';
  return (
    <div class="page">
      <nav class="crumbs" aria-label="Breadcrumb">
        <a href="/">Folios</a> <span aria-hidden="true">/</span> <span aria-current="page">{f.name}</span>
      </nav>
      <header class="folio-head card">
        <div class="folio-title">
          <h1>{f.name}</h1>
          <FolioStatus status={f.status} />
          {f.deletedOn ? <span class="badge status-closed">deleted {fmt.date(f.deletedOn)}</span> : null}
        </div>
        {f.description ? <p class="muted">{f.description}</p> : null}
        <dl class="facts">
          <div>
            <dt>Period</dt>
            <dd>{fmt.period(f.startDate, f.endDate)}</dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd>{f.owner}</dd>
          </div>
          <div>
            <dt>Currency</dt>
            <dd data-currency={f.currencyCode}>{f.currencyCode}</dd>
          </div>
          <div>
            <dt>Tolerance</dt>
            <dd>{fmt.percent(f.tolerance)}</dd>
          </div>
          <div>
            <dt>Reserve / contingency</dt>
            <dd>
              {fmt.percent(f.reserve)} / {fmt.percent(f.contingency)}
            </dd>
          </div>
        </dl>
        <div class="asof">
          <label for="folio-asof">As of</label>
          <input
            id="folio-asof"
            type="date"
            value={day}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLInputElement).value;
              if (v) setAsOf(v);
            }}
          />
          <button type="button" class="btn btn-small" onClick={() => setAsOf(fmt.today())}>
            Today
          </button>
        </div>
      </header>
      <nav class="tabs" aria-label={`${f.name} screens`}>
        {TABS.map((t) => (
          <a key={t.tab} href={folioHref(f.id, t.tab)} aria-current={t.tab === tab ? 'page' : undefined}>
            {t.label}
          </a>
        ))}
      </nav>
      <h2 class="sr-only">{label}</h2>
      <Suspense fallback={<Loading />}>
        {tab === 'overview' ? <Overview {...props} /> : null}
        {tab === 'forecast' ? <Forecast {...props} /> : null}
        {tab === 'costs' ? <Costs {...props} /> : null}
        {tab === 'whatif' ? <WhatIf {...props} /> : null}
        {tab === 'baselines' ? <Baselines {...props} /> : null}
        {tab === 'export' ? <Export {...props} /> : null}
      </Suspense>
    </div>
  );
}
