// How sure the what-if draft is (S14): the forecast of the sandbox without its pending changes and
// with them, each drawn in the forecast worker (lib/forecastWorker.ts) from a plan document of the
// sandbox's items, so the page never waits for the draws. Shown: P50, P90 and the chance of
// finishing within budget of both, as the core writes them; asked again shortly after each change.
import { useEffect, useState } from 'preact/hooks';
import { parseJson } from '../api/json';
import type { FolioForecast } from '../api/types';
import { forecastInWorker } from '../lib/forecastInWorker';
import { DEFAULT_SEED } from '../lib/screenQueries';
import * as fmt from '../lib/format';

/** How long after a change the forecast is asked for: typing a figure asks once. */
const SETTLE_MS = 300;

export function WhatIfConfidence({
  asOf,
  currency,
  version,
  documentOf,
  savedDocumentOf,
}: {
  asOf: string;
  currency: string;
  /** Changes each time the sandbox does. */
  version: number;
  /** The sandbox's plan document with its pending changes. */
  documentOf: () => string;
  /** The same without them. */
  savedDocumentOf: () => string;
}) {
  const [shown, setShown] = useState<{ saved: FolioForecast; now: FolioForecast } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const saved = forecastInWorker(savedDocumentOf(), asOf, DEFAULT_SEED);
      const now = forecastInWorker(documentOf(), asOf, DEFAULT_SEED);
      if (!saved || !now) return;
      setBusy(true);
      Promise.all([saved, now]).then(
        ([a, b]) => {
          if (!live) return;
          setShown({ saved: parseJson(a) as FolioForecast, now: parseJson(b) as FolioForecast });
          setProblem(null);
          setBusy(false);
        },
        (e: unknown) => {
          if (!live) return;
          setProblem(e instanceof Error ? e.message : String(e));
          setBusy(false);
        },
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The documents are read when asked: `version` says they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, asOf]);
  if (problem) return <p class="muted">No forecast of the draft: {problem}</p>;
  if (!shown) return null;
  const rows: [string, (f: FolioForecast) => string][] = [
    ['P50', (f) => fmt.money(f.figures.p50, currency)],
    ['P90', (f) => fmt.money(f.figures.p90, currency)],
    ['Chance of finishing within budget', (f) => fmt.percent(f.figures.chanceWithinBudget)],
    ['Within budget and reserve', (f) => fmt.percent(f.figures.chanceWithinReserve)],
  ];
  return (
    <section aria-label="How sure the draft is" aria-busy={busy}>
      <h3>How sure: the draft against the what-if</h3>
      <table class="table compact">
        <caption class="sr-only">Forecast of the draft and of the what-if, drawn with seed {DEFAULT_SEED}</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Draft</th>
            <th scope="col">What-if</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} data-confidence={label}>
              <th scope="row">{label}</th>
              <td>{value(shown.saved)}</td>
              <td>{value(shown.now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">
        Drawn in the browser, {fmt.decimal(shown.now.method.iterations)} iterations, seed {DEFAULT_SEED}; the draft's own lines (a plan document has no
        baseline).
      </p>
    </section>
  );
}
