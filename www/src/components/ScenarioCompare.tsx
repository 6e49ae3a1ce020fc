// The draft and scenarios side by side (GET /folio/{id}/scenarios/compare, S15.5): each plan's
// figures in a column (a card each at 390 px), the cumulative planned cost of every plan on one
// chart, the forecast's P50 and P90, and for each plan after the first the items that differ from
// it, field by field, with the money each moves. Every figure is the server's text; the chart
// alone draws floats.
import { useMemo } from 'preact/hooks';
import type uPlot from 'uplot';
import type { ComparedPlan, ItemDifference, ScenarioComparison } from '../api/types';
import * as fmt from '../lib/format';
import { Card, Money } from './ui';
import { UChart } from './UChart';

/** The figures compared, in the order shown. */
const FIGURES: { label: string; long: string; value: (plan: ComparedPlan) => string | null | undefined; money: boolean }[] = [
  { label: 'BAC', long: 'budget at completion', value: (p) => p.indicators.bac, money: true },
  { label: 'EAC', long: 'estimate at completion', value: (p) => p.indicators.eac, money: true },
  { label: 'VAC', long: 'variance at completion', value: (p) => p.indicators.vac, money: true },
  { label: 'PV', long: 'planned value to date', value: (p) => p.indicators.pv, money: true },
  { label: 'AC', long: 'actual cost to date', value: (p) => p.indicators.ac, money: true },
  { label: 'Reserve', long: 'management reserve', value: (p) => p.indicators.reserve, money: true },
  { label: 'P50', long: 'half the simulated outcomes cost at most this', value: (p) => p.forecast?.p50, money: true },
  { label: 'P90', long: 'nine in ten simulated outcomes cost at most this', value: (p) => p.forecast?.p90, money: true },
  { label: 'Chance within budget', long: 'of the simulated outcomes', value: (p) => p.forecast?.chanceWithinBudget, money: false },
];

/** The series' colours, one a plan (at most five). */
const STROKES = ['#64748b', '#2563eb', '#16a34a', '#b45309', '#9333ea'];

const CHANGE_LABEL = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

export function ScenarioCompare({ comparison }: { comparison: ScenarioComparison }) {
  const currency = comparison.currencyCode;
  const plans = comparison.plans;
  const options = useMemo(() => chartOptions(currency, plans), [currency, plans]);
  const data = useMemo(() => chartData(plans), [plans]);
  return (
    <div class="stack" data-testid="scenario-comparison">
      <Card title={<>Side by side as of {fmt.date(comparison.asOf)}</>} actions={<span class="muted">All figures in {currency}</span>}>
        <div class="table-scroll compare-plans-table" tabIndex={0} role="region" aria-label="Figures of each plan">
          <table class="table">
            <caption class="sr-only">Figures of each plan compared</caption>
            <thead>
              <tr>
                <th scope="col">Figure</th>
                {plans.map((p) => (
                  <th scope="col" key={p.id} data-plan={p.id}>
                    {p.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FIGURES.map((f) => (
                <tr key={f.label}>
                  <th scope="row">
                    <abbr title={f.long}>{f.label}</abbr>
                  </th>
                  {plans.map((p) => (
                    <td key={p.id} class="num">
                      <Figure value={f.value(p)} money={f.money} currency={currency} />
                    </td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">BAC moved</th>
                {plans.map((p) => (
                  <td key={p.id} class="num">
                    {p.differences ? <Money value={p.differences.bacMoved} currency={currency} /> : <span class="muted">the base</span>}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        <div class="compare-plans-cards">
          {plans.map((p) => (
            <section class="card plan-card" key={p.id} aria-label={p.name} data-plan-card={p.id}>
              <h3>{p.name}</h3>
              <dl class="figures">
                {FIGURES.map((f) => (
                  <div key={f.label}>
                    <dt>
                      <abbr title={f.long}>{f.label}</abbr>
                    </dt>
                    <dd>
                      <Figure value={f.value(p)} money={f.money} currency={currency} />
                    </dd>
                  </div>
                ))}
                {p.differences ? (
                  <div>
                    <dt>BAC moved</dt>
                    <dd>
                      <Money value={p.differences.bacMoved} currency={currency} />
                    </dd>
                  </div>
                ) : null}
              </dl>
            </section>
          ))}
        </div>
        <p class="muted small">Cumulative planned cost by month, one line a plan. Each plan is costed on its own items, without the approved baselines.</p>
        <UChart options={options} data={data} label="Cumulative planned cost of each plan compared" length={plans[0]?.timeline.length ?? 0} selected={null} />
      </Card>
      {plans.slice(1).map((p) => (
        <Differences key={p.id} plan={p} base={plans[0]?.name ?? 'the first'} currency={currency} />
      ))}
    </div>
  );
}

function Figure({ value, money, currency }: { value: string | null | undefined; money: boolean; currency: string }) {
  if (value == null) return <span class="muted">{fmt.NONE}</span>;
  return money ? <Money value={value} currency={currency} /> : <>{fmt.percent(value)}</>;
}

/** The items where `plan` differs from the base, each with its fields and the money it moves. */
function Differences({ plan, base, currency }: { plan: ComparedPlan; base: string; currency: string }) {
  const items = plan.differences?.items ?? [];
  return (
    <Card title={`${plan.name}: what differs from ${base}`} headingLevel={3}>
      {items.length === 0 ? (
        <p data-differences="none">No item differs: the same positions and expenses as {base}.</p>
      ) : (
        <ul class="differences" aria-label={`Items of ${plan.name} that differ from ${base}`}>
          {items.map((item) => (
            <DifferenceRow key={`${item.item}-${item.id}`} item={item} currency={currency} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function DifferenceRow({ item, currency }: { item: ItemDifference; currency: string }) {
  return (
    <li data-difference={`${item.item}-${item.id}`}>
      <div class="difference-head">
        <strong>{item.name || `${item.item === 'position' ? 'Position' : 'Expense'} ${item.id}`}</strong>
        <span class={`badge badge-${item.change}`}>{CHANGE_LABEL[item.change]}</span>
        <span class="muted">{item.item === 'position' ? 'position' : 'expense or revenue'}</span>
        <span class="num">
          <Money value={item.moneyBefore} currency={currency} /> → <Money value={item.moneyAfter} currency={currency} /> (
          <Money value={item.moneyMoved} currency={currency} />)
        </span>
      </div>
      {item.fields.length ? (
        <ul class="difference-fields">
          {item.fields.map((f) => (
            <li key={f.path}>
              <code>{f.path}</code>: {shown(f.before)} → {shown(f.after)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A field's value in words: a text as it is, anything else as its JSON, "none" for nothing. */
function shown(value: unknown): string {
  if (value == null) return 'none';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The cumulative planned cost of each plan by month, as pixel floats (drawing only). */
function chartData(plans: readonly ComparedPlan[]): uPlot.AlignedData {
  const first = plans[0]?.timeline ?? [];
  const xs = first.map((b) => fmt.dateToUtc(b.end) / 1000);
  const series = plans.map((p) => {
    let sum = 0;
    return xs.map((_, i) => {
      const b = p.timeline[i];
      return b ? (sum += parseFloat(b.plannedCost)) : null;
    });
  });
  return [xs, ...series];
}

function chartOptions(currency: string, plans: readonly ComparedPlan[]): (width: number) => uPlot.Options {
  const money = new Intl.NumberFormat(fmt.browserLocale(), { style: 'currency', currency, notation: 'compact' });
  return (width) => ({
    width,
    height: 260,
    scales: { x: { time: true } },
    axes: [{}, { values: (_u, vals) => vals.map((v) => money.format(v)), size: 70 }],
    series: [{}, ...plans.map((p, i) => ({ label: p.name, stroke: STROKES[i % STROKES.length], width: 2, ...(i === 0 ? { dash: [6, 4] } : {}) }))],
    legend: { show: true, live: false },
  });
}
