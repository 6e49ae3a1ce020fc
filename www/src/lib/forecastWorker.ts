// The forecast of a what-if draft, drawn off the page's thread (S14): a dedicated worker holding
// its own copy of the wasm core. It is sent a plan document, an as-of date and a seed, builds a
// sandbox of the document, draws the forecast and answers its JSON text, so that 70 million draws
// never hold the page.
import init, { forecastFloor, Sandbox } from '../../../wasm/pkg/web/costfolio_wasm.js';

/** What the worker is asked. */
export interface ForecastAsk {
  id: number;
  document: string;
  asOf: string;
  seed: number;
  /** For the benchmark (www/bench/forecast.mjs): only draw this many uniforms, the forecast's floor. */
  floor?: number;
  /** For the benchmark: draw every one of 10,000 iterations, steady or not. */
  full?: boolean;
}

/** What it answers: the forecast's JSON text, or the core's refusal. */
export type ForecastReply = { id: number; text: string } | { id: number; error: string };

/** The worker's own scope, as its messages use it. */
const scope = self as unknown as { postMessage(reply: ForecastReply): void; onmessage: ((event: MessageEvent<ForecastAsk>) => void) | null };

const ready = init();

scope.onmessage = (event) => {
  const { id, document, asOf, seed, floor, full } = event.data;
  void ready.then(() => {
    if (floor !== undefined) {
      scope.postMessage({ id, text: String(forecastFloor(floor)) });
      return;
    }
    try {
      const sandbox = new Sandbox(document);
      try {
        scope.postMessage({ id, text: sandbox.forecast(asOf, seed, 10000, !full) });
      } finally {
        sandbox.free();
      }
    } catch (e) {
      scope.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
    }
  });
};
