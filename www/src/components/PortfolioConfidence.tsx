// How sure a portfolio's cost at completion is (S14.7): GET /portfolio/{id}/forecast?asOf= draws
// the remaining costs of every folio the reader may read together, converted into the portfolio's
// currency. P10 to P90 and the mean as the server writes them, the chances of finishing within
// the rolled-up budget and budget and reserve, the histogram, and the lines that drive the spread
// with their folios.
import { useMemo } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import { keys, keepFor } from '../lib/queries';
import { histogram } from '../lib/confidence';
import * as fmt from '../lib/format';
import { Card, FiguresRefused, Loading } from './ui';
import { UChart } from './UChart';
import { DriverRow, histogramOptions } from './ConfidenceCharts';

export function PortfolioConfidence({ id, asOf, currency }: { id: string; asOf: string; currency: string }) {
  const query = useQuery({
    queryKey: keys.portfolioConfidence(id, asOf),
    queryFn: ({ signal }) => api.portfolioConfidence(id, asOf, signal),
    placeholderData: keepFor(id),
  });
  const answer = query.data;
  const data = useMemo(() => (answer ? histogram(answer) : null), [answer]);
  const options = useMemo(() => (answer ? histogramOptions(currency, answer.figures) : null), [currency, answer]);
  const title = 'How sure is the portfolio’s cost at completion?';
  if (query.error && !answer) return <FiguresRefused error={query.error} onRetry={() => void query.refetch()} title={title} />;
  if (!answer) return <Loading label="Drawing the folios’ outcomes" />;
  const f = answer.figures;
  const names = new Map(answer.folios.map((folio) => [folio.folioId, folio.name]));
  return (
    <Card title={title} busy={query.isFetching}>
      <ul class="confidence-figures" aria-label="Portfolio cost at completion">
        {(
          [
            ['P10', f.p10],
            ['P50', f.p50],
            ['P80', f.p80],
            ['P90', f.p90],
            ['Mean', f.mean],
            ['Plan at completion', f.plannedAtCompletion],
          ] as const
        ).map(([label, value]) => (
          <li key={label}>
            <span class="confidence-label">{label}</span>
            <span>{fmt.money(value, currency)}</span>
          </li>
        ))}
      </ul>
      <p class="confidence-chances">
        Chance of finishing within the rolled-up budget ({fmt.money(f.bac, currency)}): <strong>{fmt.percent(f.chanceWithinBudget)}</strong>. Within budget and
        reserve ({fmt.money(f.bacWithReserve, currency)}): <strong>{fmt.percent(f.chanceWithinReserve)}</strong>.
      </p>
      {options ? (
        <UChart
          options={options}
          data={data}
          label="How many iterations ended at each cost of the portfolio, with BAC and BAC plus reserve marked"
          length={data?.[0].length ?? 0}
          selected={null}
        />
      ) : null}
      {answer.drivers.length ? (
        <ol class="tornado" aria-label="Lines of the portfolio that drive the spread, strongest first">
          {answer.drivers.map((d) => (
            <DriverRow key={`${d.folioId}-${d.itemKind}-${d.itemId}`} driver={d} currency={currency}>
              <span class="tornado-name">
                {d.name} <span class="muted">({names.get(d.folioId) ?? `folio ${d.folioId}`})</span>
              </span>
            </DriverRow>
          ))}
        </ol>
      ) : null}
      <p class="muted">
        {fmt.decimal(answer.method.iterations)} iterations of {fmt.decimal(String(answer.folios.length))} folios you may read, seed {answer.method.seed}; lines
        of different folios at correlation {fmt.decimal(answer.folioCorrelation)}.
      </p>
    </Card>
  );
}
