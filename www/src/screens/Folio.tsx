// A folio's frame: header (GET /folio/{id}), the as-of date picker, the tabs of its screens. The
// tab is the rest of the address (`/folios/3/costs`), routed by a router of its own; the screens
// but the overview are loaded when first shown, the last one staying on screen meanwhile; the
// first screen's code and answers are asked for as the page starts (`preloadFolio`).
import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { lazy, Route, Router } from 'preact-iso';
import { useQuery } from '@tanstack/preact-query';
import { asOf } from '../state';
import { preload } from '../lib/queries';
import { FORECAST_GRANULARITY, folioQuery, forecastQuery, indicatorsQuery } from '../lib/screenQueries';
import * as fmt from '../lib/format';
import { FOLIO_TABS, folioHref, folioTab, folioTabOf, isId, withAsOf, type FolioTab } from '../lib/routes';
import { ErrorBox, FolioStatus, Loading } from '../components/ui';
import { Overview } from './tabs/Overview';
import type { FolioProps } from './FolioProps';
import { AsOfPicker } from '../components/AsOf';

/** A tab's screen module, named as its component (`screens/tabs/Costs.tsx` exports `Costs`). */
type TabModule = Record<string, ComponentType<FolioProps> | undefined>;
/** The tabs' screens but the overview, which is in the page's own code: each file's loader. */
const TAB_MODULES = import.meta.glob<TabModule>(['./tabs/*.tsx', '!./tabs/*.test.tsx', '!./tabs/Overview.tsx']);

/** The screen of a tab's entry, loaded when first shown (or, the first screen's, as the page starts). */
function lazyScreen(screen: string) {
  const load = TAB_MODULES[`./tabs/${screen}.tsx`];
  return lazy<ComponentType<FolioProps>>(async () => {
    const component = load ? (await load())[screen] : undefined;
    if (!component) throw new Error(`The screen ${screen} is not in screens/tabs/${screen}.tsx`);
    return component;
  });
}

/** Each tab but the overview with its screen, routed at `/{tab}`. */
const LAZY_SCREENS = FOLIO_TABS.filter((t) => t.tab !== 'overview').map((t) => ({ tab: t.tab, component: lazyScreen(t.screen) }));

/**
 * What the folio's screen `tab` shows first, asked for at once as the page starts, each beside
 * the others rather than one after the other (the header, then the screen's code, then its
 * answers): the folio's header, the screen's code, and the overview's or the forecast's answers.
 * The screens' own queries then show them as they come.
 */
export function preloadFolio(id: string, tab: FolioTab, day: string): Promise<unknown> {
  return Promise.all([
    preload(folioQuery(id)),
    tab === 'overview'
      ? preload(indicatorsQuery(id, day))
      : LAZY_SCREENS.find((s) => s.tab === tab)
          ?.component.preload()
          .catch(() => undefined), // the screen shows the failure
    tab === 'forecast' ? preload(forecastQuery(id, day, FORECAST_GRANULARITY)) : undefined,
  ]);
}

/** `/folios/{id}` and `/folios/{id}/{tab}`: the folio's frame, or "not found" for another path. */
export function FolioRoute({ params, rest }: { params: { id?: string }; rest?: string }) {
  const tab = folioTabOf(rest ? rest.replace(/^\//, '') : undefined);
  if (!isId(params.id) || !tab) {
    return (
      <div class="page">
        <h1>Page not found</h1>
        <p>
          There is no screen at <code>{location.pathname}</code>. <a href="/">Go to the folios</a>.
        </p>
      </div>
    );
  }
  return <FolioScreen id={params.id} tab={tab} />;
}

export function FolioScreen({ id, tab }: { id: string; tab: FolioTab }) {
  const folio = useQuery(folioQuery(id));
  const [loadingTab, setLoadingTab] = useState(false);
  const day = asOf.value;
  // On a phone the tabs are one row that scrolls sideways: the active one is brought into it.
  const tabsRef = useRef<HTMLElement>(null);
  const loaded = folio.data !== undefined;
  useEffect(() => {
    const nav = tabsRef.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && active && nav.scrollWidth > nav.clientWidth) nav.scrollLeft = Math.max(0, active.offsetLeft - nav.clientWidth / 2 + active.offsetWidth / 2);
  }, [tab, loaded]);
  if (folio.error)
    return (
      <div class="page">
        <nav class="crumbs" aria-label="Breadcrumb">
          <a href="/">Folios</a>
        </nav>
        <h1>Folio {id}</h1>
        <ErrorBox error={folio.error} onRetry={() => void folio.refetch()} />
      </div>
    );
  if (!folio.data)
    return (
      <div class="page">
        <Loading label="Loading the folio" />
      </div>
    );
  const f = folio.data;
  const props: FolioProps = { folio: f, asOf: day, reloadFolio: () => void folio.refetch() };
  const label = folioTab(tab).label;
  return (
    <div class="page">
      <nav class="crumbs" aria-label="Breadcrumb">
        <a href="/">Folios</a> <span aria-hidden="true">/</span> <span aria-current="page">{f.name}</span>
      </nav>
      <header class="folio-head card">
        <div class="folio-title">
          <h1>{f.name}</h1>
          {f.status ? <FolioStatus status={f.status} /> : null}
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
        <AsOfPicker id="folio-asof" />
      </header>
      <nav class="tabs" aria-label={`${f.name} screens`} ref={tabsRef}>
        {FOLIO_TABS.map((t) => (
          <a key={t.tab} href={withAsOf(folioHref(f.id, t.tab), day, fmt.today())} aria-current={t.tab === tab ? 'page' : undefined}>
            {t.label}
          </a>
        ))}
      </nav>
      <h2 class="sr-only">{label}</h2>
      {loadingTab ? <Loading label={`Opening ${label}`} /> : null}
      <Router onLoadStart={() => setLoadingTab(true)} onLoadEnd={() => setLoadingTab(false)}>
        <Route path="/" component={Overview} {...props} />
        {LAZY_SCREENS.map((s) => (
          <Route key={s.tab} path={`/${s.tab}`} component={s.component} {...props} />
        ))}
      </Router>
    </div>
  );
}
