// Asks the forecast worker (lib/forecastWorker.ts) for a draft's forecast: one worker for the
// page, started on first use, answers matched to their questions by number. Where the browser has
// no workers (the component tests' DOM), there is no forecast: `null`.
import type { ForecastAsk, ForecastReply } from './forecastWorker';

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

function started(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  if (!worker) {
    worker = new Worker(new URL('./forecastWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ForecastReply>) => {
      const reply = event.data;
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (!waiter) return;
      if ('text' in reply) waiter.resolve(reply.text);
      else waiter.reject(new Error(reply.error));
    };
  }
  return worker;
}

/** The forecast (JSON text) of plan document `document` at `asOf` drawn with `seed`, or null without workers. */
export function forecastInWorker(document: string, asOf: string, seed: number): Promise<string> | null {
  const w = started();
  if (!w) return null;
  const id = ++next;
  const ask: ForecastAsk = { id, document, asOf, seed };
  return new Promise<string>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage(ask);
  });
}
