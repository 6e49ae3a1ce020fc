// Screen 8: what-if (`/folios/{id}/whatif`). The folio's plan document (GET /folio/{id}/plan) is
// loaded into the wasm core's `Sandbox`; every change (a rate, an allocation, an expense's amount
// or date, an expense added, an item removed) is applied to it alone (it recosts that item, not the
// folio) and the screen shows the sandbox's figures against the saved folio's: BAC, EAC, VAC and
// margin with their differences (subtracted by the wasm core), and the cumulative planned and
// actual cost of both on one chart, and on request the cost lines the changes move. Undo and redo walk the changes not yet applied. "Apply" sends them to the
// server as the ordinary REST calls, in order, stopping at the first refusal (shown with its
// change); "Discard" drops them and leaves the server untouched. With `?scenario=ID` it loads
// that scenario of the folio (S15) instead, and "Apply" sends the same calls to the scenario's
// addresses (`/folio/{id}/scenarios/{sid}/...`): the draft is left alone.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type uPlot from 'uplot';
import { activeTransport, ApiError, request, settle } from '../../api/client';
import type { Baseline, Indicators, TimelineBucket } from '../../api/types';
import { useQuery } from '@tanstack/preact-query';
import { api, EXPLAIN_PAGE } from '../../api/budgets';
import { lazy, useLocation } from 'preact-iso';
import { folioChanged } from '../../lib/queries';
import { folioHref, isId } from '../../lib/routes';
import type { ExplainSource, Explanation } from '../../components/Explain';
import { keys } from '../../lib/queries';
import { indicatorsQuery } from '../../lib/screenQueries';
import { loadCore, coreMessage } from '../../api/wasm';
import { refusalLines } from '../../api/errors';
import { parseJson, toJson } from '../../api/json';
import { callsOf, conflicts, History, itemId, parseDocument, text, type Change, type Obj } from '../../lib/sandbox';
import * as fmt from '../../lib/format';
import { announce } from '../../state';
import { Card, ErrorBox, Loading, Money } from '../../components/ui';
import { UChart } from '../../components/UChart';
import { command, useShortcut } from '../../components/Shortcuts';
import type { FolioProps } from '../FolioProps';
import { ExpensesCard, PositionsCard } from '../WhatIfItems';
import { WhatIfLines } from '../WhatIfLines';
import { WhatIfConfidence } from '../WhatIfConfidence';

const ExplainDialog = lazy(() => import('../../components/Explain').then((m) => m.ExplainDialog));

/** Performance marks for the benchmarks: the sandbox built and costed; a change made (then the chart's `costfolio:chart-drawn`). */
export const WHATIF_LOADED = 'costfolio:whatif-loaded';
export const WHATIF_CHANGE = 'costfolio:whatif-change';

type Core = Awaited<ReturnType<typeof loadCore>>;
type Sandbox = InstanceType<Core['Sandbox']>;
interface Summary {
  indicators: Indicators;
  timeline: TimelineBucket[];
}

/** The latest baseline that freezes planned costs (BUDGET or PLANNED, S8.2; S8.5: it defines the BAC the overview shows), if any. */
export function latestCostBaseline(list: readonly Baseline[]): Baseline | undefined {
  return [...list]
    .filter((b) => !b.deletedOn && (b.expenditureType === 'BUDGET' || b.expenditureType === 'PLANNED'))
    .sort((a, b) => a.created.localeCompare(b.created) || Number(a.id) - Number(b.id))
    .at(-1);
}

/** The indicators compared, in the order shown. */
const COMPARED: { key: keyof Indicators; label: string; long: string }[] = [
  { key: 'bac', label: 'BAC', long: 'budget at completion' },
  { key: 'eac', label: 'EAC', long: 'estimate at completion' },
  { key: 'vac', label: 'VAC', long: 'variance at completion' },
  { key: 'margin', label: 'Margin', long: 'profit as a share of revenue' },
];

interface Loaded {
  core: Core;
  sandbox: Sandbox;
  doc: Obj;
  /** The figures at the as-of date the sandbox was built for (the first render's). */
  first: { asOf: string; summary: Summary };
}

/** Where the sandbox's items live on the server: the folio's draft, or scenario `scenario` of it. */
function itemsBase(folio: string, scenario: string | null): string {
  return scenario ? `/budgets/1/folio/${folio}/scenarios/${scenario}/` : '/budgets/1/';
}

/** `path` (one of the draft's addresses, `/budgets/1/...`) at `base`. */
function at(base: string, path: string): string {
  return path.startsWith('/budgets/1/') ? base + path.slice('/budgets/1/'.length) : path;
}

async function load(folio: string, asOf: string, scenario: string | null): Promise<Loaded> {
  const path = at(itemsBase(folio, scenario), `/budgets/1/${scenario ? '' : `folio/${folio}/`}plan`);
  const [core, answer] = await Promise.all([loadCore(), activeTransport()('GET', path, undefined)]);
  settle(path, answer);
  const doc = parseDocument(answer.text).success as Obj;
  const sandbox = new core.Sandbox(toJson(doc));
  const summary = parseJson(sandbox.summary(asOf, 'month')) as Summary;
  performance.mark(WHATIF_LOADED);
  return { core, sandbox, doc, first: { asOf, summary } };
}

export function WhatIf({ folio, asOf }: FolioProps) {
  const id = folio.id;
  const asked = useLocation().query.scenario;
  const scenario = isId(asked) ? asked : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded(null);
    setError(null);
    load(id, asOf, scenario).then(
      (l) => live && setLoaded(l),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
    // Another as-of date keeps the sandbox and its changes: the workbench recomputes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, attempt, scenario]);
  if (error) return <ErrorBox error={error} onRetry={() => setAttempt((a) => a + 1)} />;
  if (!loaded) return <Loading label="Loading the folio into the sandbox" />;
  return (
    <Workbench
      key={`${id}|${attempt}|${scenario ?? 'draft'}`}
      folioId={id}
      scenario={scenario}
      loaded={loaded}
      asOf={asOf}
      currency={folio.currencyCode}
      reload={() => setAttempt((a) => a + 1)}
    />
  );
}

function Workbench({
  folioId,
  scenario,
  loaded,
  asOf,
  currency,
  reload,
}: {
  folioId: string;
  scenario: string | null;
  loaded: Loaded;
  asOf: string;
  currency: string;
  reload: () => void;
}) {
  const base = itemsBase(folioId, scenario);
  const scenarios = useQuery({ queryKey: keys.scenarios(folioId), queryFn: ({ signal }) => api.scenarios(folioId, signal), enabled: scenario != null });
  const scenarioName = scenarios.data?.find((s) => s.id === scenario)?.name;
  const { core, sandbox } = loaded;
  // The overview's figures (the latest baseline of each side, else the draft), beside the draft's.
  const official = useQuery(indicatorsQuery(folioId, asOf));
  const baselines = useQuery({ queryKey: keys.baselines(folioId), queryFn: ({ signal }) => api.baselines(folioId, signal) });
  const latest = latestCostBaseline(baselines.data ?? []);
  const history = useRef(new History()).current;
  /** Sandbox ids of expenses added and applied → the ids the server gave them (kept over several Applies). */
  const serverIds = useRef(new Map<number, number>()).current;
  /** The sandbox's items by id (what the editors show), kept in step with the sandbox. */
  const items = useRef({
    positions: new Map<number, Obj>(((loaded.doc.positions as Obj[]) ?? []).map((p) => [itemId('position', p), p])),
    expenses: new Map<number, Obj>(((loaded.doc.expenses as Obj[]) ?? []).map((e) => [itemId('expense', e), e])),
  }).current;
  /** Ids the sandbox gives what it adds (items, a new position's rate and allocation): above any the server gave. */
  const nextId = useRef(1_000_000_000);
  const [figures, setFigures] = useState<{ asOf: string; saved: Summary; now: Summary }>({
    asOf: loaded.first.asOf,
    saved: loaded.first.summary,
    now: loaded.first.summary,
  });
  const { saved, now } = figures;
  const [version, setVersion] = useState(0);
  /** The figure whose explanation is open, computed by the sandbox. */
  const [explaining, setExplaining] = useState<{ figure: string; title: string; server?: string } | null>(null);
  /** Explanations of the sandbox's figures, by the wasm core: the same account the server gives,
   * its lines named after the sandbox's items and paged here. */
  const sandboxSource: ExplainSource = {
    key: `sandbox-${version}-${asOf}`,
    read: (figure, after) => {
      const whole = parseJson(sandbox.explain(asOf, figure)) as Explanation;
      const start = Number(after ?? '0');
      const named = whole.lines.slice(start, start + EXPLAIN_PAGE).map((line) => {
        const item = (line.kind === 'position' ? items.positions : items.expenses).get(Number(line.itemId));
        const name = line.kind === 'position' ? (item?.position as Obj | undefined)?.name : item?.name;
        return { ...line, itemName: typeof name === 'string' ? name : null };
      });
      const next = start + EXPLAIN_PAGE < whole.lines.length ? String(start + EXPLAIN_PAGE) : null;
      return Promise.resolve({ ...whole, lines: named, next });
    },
  };
  const [problem, setProblem] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  /** Why Apply stopped: the server refused a change, or nothing was sent (`stale`: the folio changed on the server; `unsent`: it could not be read). */
  const [refused, setRefused] = useState<{ change: Change; message: string; kind?: 'stale' | 'unsent' } | null>(null);

  const summary = (): Summary => parseJson(sandbox.summary(asOf, 'month')) as Summary;
  /** The sandbox's figures after a change; the saved ones stay. */
  const recompute = () => {
    setFigures((f) => ({ ...f, now: summary() }));
    setVersion((v) => v + 1);
  };
  /**
   * Both columns again (another as-of date, or changes applied): the saved figures are the
   * sandbox without its pending changes, so they are undone, costed, and redone (each recosts one
   * item only).
   */
  const recomputeBoth = () => {
    for (const change of [...history.pending].reverse()) put(change.kind, change.id, change.before);
    const before = summary();
    for (const change of history.pending) put(change.kind, change.id, change.after);
    setFigures({ asOf, saved: before, now: summary() });
    setVersion((v) => v + 1);
  };
  /** The sandbox's cost lines without its pending changes: undone, read, redone. */
  const savedLines = () => {
    for (const change of [...history.pending].reverse()) put(change.kind, change.id, change.before);
    try {
      return sandbox.lines(asOf, 'none');
    } finally {
      for (const change of history.pending) put(change.kind, change.id, change.after);
    }
  };
  /** The sandbox's items as a plan document: with its pending changes (`saved` false) or without. */
  const documentOf = (saved: boolean): string => {
    const positions = new Map(items.positions);
    const expenses = new Map(items.expenses);
    if (saved) {
      for (const change of [...history.pending].reverse()) {
        const map = change.kind === 'position' ? positions : expenses;
        if (change.before) map.set(change.id, change.before);
        else map.delete(change.id);
      }
    }
    return toJson({ ...loaded.doc, positions: [...positions.values()], expenses: [...expenses.values()] });
  };
  const documentNow = () => documentOf(false);
  const documentSaved = () => documentOf(true);
  useEffect(() => {
    if (figures.asOf !== asOf) recomputeBoth();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asOf]);
  /** Puts `item` (or removes the item when null) in the sandbox and in `items`. */
  const put = (kind: Change['kind'], itemIdValue: number, item: Obj | null) => {
    const map = kind === 'position' ? items.positions : items.expenses;
    if (item) {
      if (kind === 'position') sandbox.putPosition(toJson(item));
      else sandbox.putExpense(toJson(item));
      map.set(itemIdValue, item);
    } else {
      if (kind === 'position') sandbox.removePosition(itemIdValue);
      else sandbox.removeExpense(itemIdValue);
      map.delete(itemIdValue);
    }
  };
  const commit = (change: Change) => {
    performance.mark(WHATIF_CHANGE);
    try {
      put(change.kind, change.id, change.after);
    } catch (e) {
      setProblem(`${change.label}: ${coreMessage(e)}`);
      return;
    }
    setProblem(null);
    history.push(change);
    recompute();
  };
  const undo = () => {
    const change = history.undo();
    if (!change) return;
    put(change.kind, change.id, change.before);
    recompute();
  };
  const redo = () => {
    const change = history.redo();
    if (!change) return;
    put(change.kind, change.id, change.after);
    recompute();
  };
  useShortcut({ keys: 'Ctrl+Z (⌘+Z)', does: 'What-if: undo the last change', matches: command('z'), run: () => history.pending.length && !applying && undo() });
  useShortcut({
    keys: 'Ctrl+Shift+Z or Ctrl+Y',
    does: 'What-if: redo',
    matches: (e) => command('z', true)(e) || command('y')(e),
    run: () => history.undone.length && !applying && redo(),
  });

  const apply = async () => {
    setApplying(true);
    setRefused(null);
    const ids = serverIds;
    try {
      // Nothing is sent over a change made on the server since the sandbox was loaded.
      try {
        const folioId = text((loaded.doc.folio as Obj).id);
        const answer = (await request('GET', at(base, `/budgets/1/${scenario ? '' : `folio/${folioId}/`}items?asOf=${asOf}`))) as {
          success: { positions: Obj[]; expenses: Obj[] };
        };
        const stale = conflicts(history.pending, answer.success, ids);
        if (stale.length) {
          setRefused({
            change: stale[0]!,
            kind: 'stale',
            message: `${stale.map((c) => c.label).join('; ')}: the item changed on the server since the sandbox was loaded, and applying would overwrite that change. Discard and reopen the what-if screen to start from the server's folio`,
          });
          announce('Nothing was applied: the folio changed on the server.', 'error');
          return;
        }
      } catch (e) {
        setRefused({ change: history.pending[0]!, kind: 'unsent', message: e instanceof ApiError ? e.message : coreMessage(e) });
        return;
      }
      while (history.pending.length) {
        const change = history.pending[0]!;
        try {
          for (const call of callsOf(change, ids)) {
            // A creation already made by an earlier Apply (whose follow-up failed) is not repeated.
            const created = call.method === 'POST' && ids.has(call.row ?? change.id);
            const answer = created ? null : await request(call.method, at(base, call.path), call.body);
            if (call.method === 'POST' && !created) {
              // The new item's id, or a new rate's or allocation period's.
              const success = (answer as { success?: unknown } | null)?.success;
              if (typeof success === 'string') ids.set(call.row ?? change.id, Number(success));
            }
            if (call.created && ids.has(change.id) && !(ids.has(Number(call.created.rate)) && ids.has(Number(call.created.allocation)))) {
              // The new position's first rate and allocation, by the ids the server gave them.
              const shown = (await request('GET', at(base, `/budgets/1/position/${ids.get(change.id)}`))) as {
                success?: { rate?: { id?: string }; allocation?: { id?: string } };
              };
              const rate = shown.success?.rate?.id;
              const allocation = shown.success?.allocation?.id;
              if (rate) ids.set(Number(call.created.rate), Number(rate));
              if (allocation) ids.set(Number(call.created.allocation), Number(allocation));
            }
          }
        } catch (e) {
          const message = e instanceof ApiError ? refusalLines(e.refusal).join(' ') || e.message : coreMessage(e);
          setRefused({ change, message });
          announce(`Not applied: ${change.label}`, 'error');
          // What was applied is saved now.
          recomputeBoth();
          return;
        }
        history.applied.push(history.pending.shift()!);
        setVersion((v) => v + 1);
      }
      history.undone = [];
      announce(scenario ? `Every change was saved to scenario “${scenarioName ?? scenario}”.` : 'Every change was applied.');
      await folioChanged(folioId);
      reload();
    } finally {
      setApplying(false);
    }
  };
  const discard = () => {
    while (history.pending.length) undo();
    history.undone = [];
    setProblem(null);
    setRefused(null);
    recompute();
    announce('The sandbox was discarded; nothing was sent.');
  };

  const chart = useMemo(() => chartData(saved.timeline, now.timeline), [saved, now]);
  const options = useMemo(() => chartOptions(currency), [currency]);

  return (
    <div class="whatif">
      {explaining?.server ? (
        <ExplainDialog path={explaining.server} title={explaining.title} onClose={() => setExplaining(null)} />
      ) : explaining ? (
        <ExplainDialog path={explaining.figure} title={explaining.title} source={sandboxSource} onClose={() => setExplaining(null)} />
      ) : null}
      <Card title={scenario ? `What-if on scenario “${scenarioName ?? scenario}”` : 'What-if sandbox'} busy={applying}>
        {scenario ? (
          <p class="alert alert-info" data-scenario-sandbox={scenario}>
            You are changing a scenario, not the draft: “Apply” saves your changes to the scenario.{' '}
            <a href={folioHref(folioId, 'scenarios')}>Back to the scenarios</a>
          </p>
        ) : null}
        <p class="muted">
          Changes here are computed in your browser and saved nowhere until you apply them. “Saved draft” and “What-if draft” are the folio’s draft (what is
          planned now) as of {fmt.date(asOf)}, without and with your changes.
        </p>
        <p class="muted" data-bac-basis={latest ? 'baseline' : 'draft'}>
          {latest
            ? `The overview counts the latest approved baseline, “${latest.name}” of ${fmt.date(latest.created)}: its figures are in the first column. Approve a new baseline to make the draft the plan.`
            : 'No baseline is approved yet: the overview counts the draft, so the first two columns agree.'}
        </p>
        <div class="table-scroll" tabIndex={0} role="region" aria-label="Saved and what-if figures">
          <table class="compare" aria-label="Saved folio against the sandbox">
            <thead>
              <tr>
                <th scope="col">Indicator</th>
                <th scope="col">{latest ? 'Overview (latest baseline)' : 'Overview (draft)'}</th>
                <th scope="col">Saved draft</th>
                <th scope="col">What-if draft</th>
                <th scope="col">Difference (what-if − saved draft)</th>
              </tr>
            </thead>
            <tbody>
              {COMPARED.map(({ key, label, long }) => {
                const a = saved.indicators[key] as string | null;
                const b = now.indicators[key] as string | null;
                const d = a != null && b != null ? core.difference(b, a) : null;
                const show = (v: string | null, field: string) =>
                  key === 'margin' ? (
                    <span data-field={field} data-value={v ?? ''}>
                      {fmt.percent(v)}
                    </span>
                  ) : (
                    <Money value={v} currency={currency} indicator={field} />
                  );
                return (
                  <tr key={key}>
                    <th scope="row">
                      <abbr title={long}>{label}</abbr>
                    </th>
                    <td class="c-official" data-label={latest ? 'Overview (latest baseline)' : 'Overview (draft)'}>
                      {official.data ? (
                        <button
                          type="button"
                          class="figure-button"
                          onClick={() => setExplaining({ figure: key, title: `${label} of the overview`, server: api.explainPath(folioId, key, asOf) })}
                        >
                          {show(official.data[key] as string | null, `official-${key}`)}
                        </button>
                      ) : (
                        '…'
                      )}
                    </td>
                    <td class="c-saved" data-label="Saved draft">
                      <button
                        type="button"
                        class="figure-button"
                        onClick={() =>
                          setExplaining({ figure: key, title: `${label} of the saved draft`, server: api.explainPath(folioId, key, asOf, 'draft') })
                        }
                      >
                        {show(a, `saved-${key}`)}
                      </button>
                    </td>
                    <td class="c-whatif" data-label="What-if draft">
                      {show(b, `whatif-${key}`)}{' '}
                      <button
                        type="button"
                        class="btn btn-small"
                        onClick={() => setExplaining({ figure: key, title: `${label} of the what-if draft` })}
                        aria-label={`Why: ${label} of the what-if draft`}
                      >
                        Why?
                      </button>
                    </td>
                    <td class={`c-diff${d && d !== '0' && !/^-?0(\.0+)?$/.test(d) ? ' changed' : ''}`} data-label="Difference">
                      {show(d, `delta-${key}`)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p class="muted small">
          Cumulative cost by month: dashed, the saved folio; solid, the what-if. Actual cost counts the team's hours and the costs already scheduled after the
          as-of date.
        </p>
        <UChart
          options={options}
          data={chart}
          label="Cumulative planned and actual cost: saved folio and what-if"
          length={now.timeline.length}
          selected={null}
        />
        <div class="actions">
          <button type="button" class="btn" onClick={undo} disabled={!history.pending.length || applying}>
            Undo
          </button>
          <button type="button" class="btn" onClick={redo} disabled={!history.undone.length || applying}>
            Redo
          </button>
          <button type="button" class="btn btn-primary" onClick={() => void apply()} disabled={!history.pending.length || applying}>
            Apply {history.pending.length ? `${history.pending.length} change${history.pending.length > 1 ? 's' : ''}` : ''}
          </button>
          <button type="button" class="btn btn-ghost" onClick={discard} disabled={!history.pending.length || applying}>
            Discard
          </button>
        </div>
        {problem ? (
          <p class="error" role="alert">
            {problem}
          </p>
        ) : null}
        {refused ? (
          <p class="error" role="alert" data-refused={refused.kind ?? 'refused'}>
            {refused.kind
              ? `Nothing was sent. ${refused.message}. Every change is still in the sandbox.`
              : `The server refused “${refused.change.label}”: ${refused.message}. The changes before it were applied; it and the ones after it are still in the sandbox.`}
          </p>
        ) : null}
        <ChangeList title="Changes" changes={history.pending} applied={history.applied} />
        <WhatIfLines
          asOf={asOf}
          currency={currency}
          version={version}
          linesOf={() => sandbox.lines(asOf, 'none')}
          savedLinesOf={savedLines}
          difference={(a, b) => core.difference(a, b)}
        />
        <WhatIfConfidence asOf={asOf} currency={currency} version={version} documentOf={documentNow} savedDocumentOf={documentSaved} />
      </Card>
      <fieldset class="plain" disabled={applying}>
        <legend class="sr-only">The sandbox's items</legend>
        <PositionsCard
          positions={[...items.positions.values()]}
          currency={currency}
          asOf={asOf}
          folio={loaded.doc.folio as Obj}
          nextId={nextId}
          commit={commit}
        />
        <ExpensesCard expenses={[...items.expenses.values()]} folio={loaded.doc.folio as Obj} nextId={nextId} commit={commit} />
      </fieldset>
    </div>
  );
}

function ChangeList({ title, changes, applied }: { title: string; changes: Change[]; applied: Change[] }) {
  if (!changes.length && !applied.length) return <p class="muted">No change yet: edit a rate, an allocation or an expense below.</p>;
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ol class="changes">
        {applied.map((c, i) => (
          <li key={`a${i}`} data-status="applied">
            {c.label} <span class="badge status-closed">applied</span>
          </li>
        ))}
        {changes.map((c, i) => (
          <li key={`p${i}`} data-status="pending">
            {c.label}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Cumulative planned and actual cost of both, as pixel floats (drawing only: no figure is shown from them). */
function chartData(saved: TimelineBucket[], now: TimelineBucket[]): uPlot.AlignedData {
  const xs = now.map((b) => fmt.dateToUtc(b.end) / 1000);
  const cumulative = (tl: TimelineBucket[], field: 'plannedCost' | 'actualCost') => {
    let sum = 0;
    return xs.map((_, i) => {
      const b = tl[i];
      return b ? (sum += parseFloat(b[field])) : null;
    });
  };
  return [xs, cumulative(saved, 'plannedCost'), cumulative(now, 'plannedCost'), cumulative(saved, 'actualCost'), cumulative(now, 'actualCost')];
}

function chartOptions(currency: string): (width: number) => uPlot.Options {
  const money = new Intl.NumberFormat(fmt.browserLocale(), { style: 'currency', currency, notation: 'compact' });
  return (width) => ({
    width,
    height: 260,
    scales: { x: { time: true } },
    axes: [{}, { values: (_u, vals) => vals.map((v) => money.format(v)), size: 70 }],
    series: [
      {},
      { label: 'Planned, saved', stroke: '#64748b', width: 2, dash: [6, 4] },
      { label: 'Planned, what-if', stroke: '#2563eb', width: 2 },
      { label: 'Actual, saved', stroke: '#d97706', width: 2, dash: [6, 4] },
      { label: 'Actual, what-if', stroke: '#b45309', width: 2 },
    ],
    legend: { show: true, live: false },
  });
}
