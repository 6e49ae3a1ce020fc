// How sure the forecast is (S14): GET /folio/{id}/forecast?asOf=&seed= answers P10 to P90 of the
// cost at completion, the chances of finishing within budget and within budget and reserve, the
// histogram of the iterations, the lines that drive the spread, when the remaining work is paid,
// and EAC's bounds from the folio's own monthly CPI. The fan and the histogram are drawn with
// floats (pixels); every figure in words is the server's exact string. Each figure opens how it
// was computed, with the command that reproduces it.
import { useMemo, useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import type { Folio, FolioForecast, ForecastDriver, TimelineBucket } from '../api/types';
import { confidenceQuery, DEFAULT_SEED } from '../lib/screenQueries';
import { fan, FAN_SERIES, histogram, reproduceCommand } from '../lib/confidence';
import * as fmt from '../lib/format';
import { Card, FiguresRefused, Loading } from './ui';
import { UChart } from './UChart';
import { Dialog } from './Dialog';
import { COLORS, DriverRow, fanOptions, histogramOptions, SERIES_COLORS } from './ConfidenceCharts';

/** A figure of the answer: its name, how it is shown, and what it is, as its explanation says it. */
type Figure = { key: string; label: string; shown: (a: FolioForecast) => string; what: (a: FolioForecast) => string };

/** A percentile or the mean of the cost at completion. */
const money = (key: 'p10' | 'p50' | 'p80' | 'p90' | 'mean', label: string, what: string): Figure => ({
  key,
  label,
  shown: (a) => fmt.money(a.figures[key], a.currencyCode),
  what: () => what,
});

const FIGURES: Figure[] = [
  money('p10', 'P10', 'One iteration in ten costs this much or less: the optimistic end.'),
  money('p50', 'P50', 'As likely above as below: the middle of the iterations.'),
  money('p80', 'P80', 'Eight iterations in ten cost this much or less.'),
  money('p90', 'P90', 'Nine iterations in ten cost this much or less: the prudent end.'),
  money('mean', 'Mean', 'The average of every iteration, rounded to the currency.'),
];

/** The chances, each a share of the iterations. */
const CHANCES: Figure[] = [
  {
    key: 'chanceWithinBudget',
    label: 'Chance of finishing within budget',
    shown: (a) => fmt.percent(a.figures.chanceWithinBudget),
    what: (a) => `The share of the iterations whose total is at or below BAC, ${fmt.money(a.figures.bac, a.currencyCode)}.`,
  },
  {
    key: 'chanceWithinReserve',
    label: 'Chance of finishing within budget and reserve',
    shown: (a) => fmt.percent(a.figures.chanceWithinReserve),
    what: (a) => `The share of the iterations whose total is at or below BAC plus the reserve, ${fmt.money(a.figures.bacWithReserve, a.currencyCode)}.`,
  },
];

/** How a figure was computed: the method, its inputs, the seed and the command. */
function Explanation({ answer, figure, onClose }: { answer: FolioForecast; figure: Figure; onClose: () => void }) {
  const m = answer.method;
  const f = answer.figures;
  const currency = answer.currencyCode;
  const estimate = m.defaultEstimate;
  const from: Record<string, string> = {
    folio: "the folio's default estimate",
    performance: "the folio's cost performance (1 / CPI as the most likely factor)",
    standard: 'the standard estimate (no cost performance yet)',
  };
  return (
    <Dialog title={`${figure.label}: ${figure.shown(answer)}`} onClose={onClose} wide>
      <p>{figure.what(answer)}</p>
      <p>
        Each of {fmt.decimal(m.iterations)} iterations adds to the actual cost to date ({fmt.money(f.ac, currency)}) every open planned line's remaining cost
        times a factor drawn from its three-point estimate (a Beta-PERT distribution), rounded to the cent. The figure is one iteration's own total, never an
        interpolation.
      </p>
      <dl class="forecast-facts">
        <dt>Remaining planned cost</dt>
        <dd>{fmt.money(f.remaining, currency)}</dd>
        <dt>Lines drawn</dt>
        <dd>
          {fmt.decimal(m.uncertainLines)} uncertain, {fmt.decimal(m.certainLines)} certain
        </dd>
        <dt>Estimate of a line without its own</dt>
        <dd>
          low {fmt.decimal(estimate.low)}, likely {fmt.decimal(estimate.likely)}, high {fmt.decimal(estimate.high)}: {from[m.defaultFrom] ?? m.defaultFrom}
        </dd>
        <dt>Correlation between lines</dt>
        <dd>{fmt.decimal(m.correlation)}</dd>
        <dt>Iterations</dt>
        <dd>
          {fmt.decimal(m.iterations)} of at most {fmt.decimal(m.iterationsAsked)}
          {m.steady ? ': stopped once P50 and P90 moved less than 0.1 % over 1,000' : ''}
        </dd>
        <dt>Generator and seed</dt>
        <dd>SplitMix64, seed {m.seed}: the same seed gives the same figures to the cent</dd>
      </dl>
      <p>
        To reproduce it from the folio's plan document (Import &amp; export; a plan document holds the draft, so with a baseline approved the figures here are
        the baseline's lines and the document's may differ):
      </p>
      <pre class="command">
        <code>{reproduceCommand(answer)}</code>
      </pre>
    </Dialog>
  );
}

/** Where a line's estimate comes from, in words. */
const ESTIMATE_FROM: Record<string, string> = {
  item: 'its own',
  category: "its category's, as the folio says",
  folio: "the folio's default",
  performance: "from the folio's cost performance (1 / CPI as the most likely factor)",
  standard: 'the standard one (no cost performance yet)',
};

/** How a driver moves the total. */
function DriverExplanation({ answer, driver, onClose }: { answer: FolioForecast; driver: ForecastDriver; onClose: () => void }) {
  const currency = answer.currencyCode;
  return (
    <Dialog title={`${driver.name}: rank correlation ${fmt.decimal(driver.rankCorrelation)}`} onClose={onClose} wide>
      <p>
        Its remaining planned cost, {fmt.money(driver.remaining, currency)}, times a factor drawn in each iteration from its estimate: best case{' '}
        {fmt.decimal(driver.estimate.low)}, most likely {fmt.decimal(driver.estimate.likely)}, worst case {fmt.decimal(driver.estimate.high)} (
        {ESTIMATE_FROM[driver.estimateFrom] ?? driver.estimateFrom}). Over the iterations it cost from {fmt.money(driver.p10, currency)} (P10) to{' '}
        {fmt.money(driver.p90, currency)} (P90).
      </p>
      <p>
        Its rank correlation with the total (Spearman's, from 0 to 1) says how closely the total rises and falls with this line: the lines with the widest
        spread are ranked by it, the strongest first. Narrowing this line's estimate narrows the forecast most.
      </p>
    </Dialog>
  );
}

/** How the bounds from history are computed (S14.6). */
function BoundsExplanation({ answer, onClose }: { answer: FolioForecast; onClose: () => void }) {
  const b = answer.bounds;
  const currency = answer.currencyCode;
  return (
    <Dialog title={`EAC from the folio's history: ${fmt.money(b.eacLow, currency)} to ${fmt.money(b.eacHigh, currency)}`} onClose={onClose} wide>
      <p>
        Each month's CPI is its earned value over its actual cost. Their natural logarithms are close to normal (Lipke and others, 2009), so the CPI to date
        lies, with 90 % confidence, within ln CPI ± 1.645 · σ / √n · √((N − n) / (N − 1)), and EAC = AC + (BAC − EV) / CPI at each limit.
      </p>
      <dl class="forecast-facts">
        <dt>Months read (n)</dt>
        <dd>
          {fmt.decimal(b.months)}, {b.source === 'closedMonths' ? 'closed months, as closed' : 'months computed now'}
        </dd>
        <dt>Months the folio plans (N)</dt>
        <dd>{fmt.decimal(b.plannedMonths)}</dd>
        <dt>CPI to date</dt>
        <dd>{fmt.decimal(b.cpi)}</dd>
        <dt>Mean and σ of ln(monthly CPI)</dt>
        <dd>
          {fmt.decimal(b.meanLogCpi)} and {fmt.decimal(b.sdLogCpi)}
        </dd>
        <dt>CPI limits</dt>
        <dd>
          {fmt.decimal(b.cpiLow)} to {fmt.decimal(b.cpiHigh)}
        </dd>
      </dl>
    </Dialog>
  );
}

/** The card: figures, chances, fan, histogram, drivers and the bounds from history. */
/** No periods to draw the S-curves from (the forecast's timeline by week or day). */
const NO_TIMELINE: readonly TimelineBucket[] = [];

export function Confidence({ folio, asOf, timeline = NO_TIMELINE }: { folio: Folio; asOf: string; timeline?: readonly TimelineBucket[] }) {
  const [seed, setSeed] = useState(DEFAULT_SEED);
  const [draft, setDraft] = useState(String(DEFAULT_SEED));
  const [explaining, setExplaining] = useState<Figure | null>(null);
  const [driver, setDriver] = useState<ForecastDriver | null>(null);
  const [bounds, setBounds] = useState(false);
  const query = useQuery(confidenceQuery(folio.id, asOf, seed));
  const answer = query.data;
  const currency = folio.currencyCode;
  const fanData = useMemo(() => (answer ? fan(answer, timeline) : null), [answer, timeline]);
  const histogramData = useMemo(() => (answer ? histogram(answer) : null), [answer]);
  const fanOpts = useMemo(() => fanOptions(currency), [currency]);
  const histogramOpts = useMemo(() => (answer ? histogramOptions(currency, answer.figures) : null), [currency, answer]);
  const seedValid = /^\d{1,15}$/.test(draft.trim());
  if (query.error && !answer) {
    return <FiguresRefused error={query.error} onRetry={() => void query.refetch()} title="How sure is the cost at completion?" />;
  }
  const f = answer?.figures;
  return (
    <Card title="How sure is the cost at completion?" busy={query.isFetching}>
      {!answer || !f ? <Loading label="Drawing 10,000 outcomes" /> : null}
      {answer && f ? (
        <>
          <ul class="confidence-figures" aria-label="Cost at completion">
            {FIGURES.map((figure) => (
              <li key={figure.key}>
                <span class="confidence-label">{figure.label}</span>
                <button type="button" class="figure-button" onClick={() => setExplaining(figure)}>
                  {figure.shown(answer)}
                </button>
              </li>
            ))}
            <li>
              <span class="confidence-label">Plan at completion</span>
              <span>{fmt.money(f.plannedAtCompletion, currency)}</span>
            </li>
          </ul>
          <p class="confidence-chances">
            Chance of finishing within budget ({fmt.money(f.bac, currency)}):{' '}
            <button type="button" class="figure-button" onClick={() => setExplaining(CHANCES[0]!)}>
              <strong>{fmt.percent(f.chanceWithinBudget)}</strong>
            </button>
            . Within budget and reserve ({fmt.money(f.bacWithReserve, currency)}):{' '}
            <button type="button" class="figure-button" onClick={() => setExplaining(CHANCES[1]!)}>
              <strong>{fmt.percent(f.chanceWithinReserve)}</strong>
            </button>
            .
          </p>
          <p>
            At the plan's rate of spending the remaining work is paid by {fmt.date(answer.finish.p50)} (P50) or {fmt.date(answer.finish.p90)} (P90); the plan
            ends {fmt.date(answer.finish.planned)}.
          </p>
          <h3>Cost at completion from {fmt.date(answer.asOf)}, over the S-curves</h3>
          <UChart
            options={fanOpts}
            data={fanData}
            label="P10 to P90 of the cost at completion, from actual cost to date"
            length={fanData?.[0].length ?? 0}
            selected={null}
          />
          <ul class="legend" aria-label="Fan">
            {FAN_SERIES.map((label, i) => (
              <li key={label}>
                <span class="swatch" style={{ background: SERIES_COLORS[i] }} aria-hidden="true" /> {label}
              </li>
            ))}
            <li>
              <span class="swatch band" style={{ background: COLORS.band }} aria-hidden="true" /> P10 to P90
            </li>
          </ul>
          <h3>Outcomes of {fmt.decimal(answer.method.iterations)} iterations</h3>
          {histogramOpts ? (
            <UChart
              options={histogramOpts}
              data={histogramData}
              label="How many iterations ended at each cost, with BAC and BAC plus reserve marked"
              length={histogramData?.[0].length ?? 0}
              selected={null}
            />
          ) : null}
          <h3>What drives the spread</h3>
          {answer.drivers.length === 0 ? (
            <p class="muted">No line is uncertain: every percentile is the plan.</p>
          ) : (
            <ol class="tornado" aria-label="Lines that drive the spread, strongest first">
              {answer.drivers.map((d) => (
                <DriverRow key={`${d.itemKind}-${d.itemId}`} driver={d} currency={currency}>
                  <button type="button" class="figure-button tornado-name" onClick={() => setDriver(d)}>
                    {d.name}
                  </button>
                </DriverRow>
              ))}
            </ol>
          )}
          <h3>From the folio's own history</h3>
          {answer.bounds.eacLow != null && answer.bounds.eacHigh != null ? (
            <p>
              With 90 % confidence the estimate at completion lies{' '}
              <button type="button" class="figure-button" onClick={() => setBounds(true)}>
                between <strong>{fmt.money(answer.bounds.eacLow, currency)}</strong> and <strong>{fmt.money(answer.bounds.eacHigh, currency)}</strong>
              </button>
              : the spread of {fmt.decimal(answer.bounds.months)} monthly CPIs (
              {answer.bounds.source === 'closedMonths' ? 'closed months' : 'months computed now'}) around the CPI to date, {fmt.decimal(answer.bounds.cpi)}.
            </p>
          ) : (
            <p class="muted">No bounds from history yet: {answer.bounds.reason}.</p>
          )}
          <form
            class="seed-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (seedValid) setSeed(Number(draft.trim()));
            }}
          >
            <label>
              Seed{' '}
              <input
                type="text"
                inputMode="numeric"
                value={draft}
                aria-invalid={!seedValid}
                aria-describedby="seed-help"
                onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
              />
            </label>
            <button type="submit" class="btn" disabled={!seedValid}>
              Draw again
            </button>
            <span id="seed-help" class="muted">
              {seedValid ? `The same seed gives the same figures. Drawn with seed ${answer.method.seed}.` : 'A seed is a whole number of at most 15 digits.'}
            </span>
          </form>
          {explaining ? <Explanation answer={answer} figure={explaining} onClose={() => setExplaining(null)} /> : null}
          {driver ? <DriverExplanation answer={answer} driver={driver} onClose={() => setDriver(null)} /> : null}
          {bounds ? <BoundsExplanation answer={answer} onClose={() => setBounds(false)} /> : null}
        </>
      ) : null}
    </Card>
  );
}
