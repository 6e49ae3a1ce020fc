// The package's typed functions over the module wasm-bindgen generated (node/ or web/): values go
// in as objects and come out as objects, every JSON number of an answer as its exact decimal text
// (lossless-json), so that no amount ever passes through a float. index.d.ts declares them with
// the wire types generated from the service's OpenAPI document.
import { LosslessNumber, parse, stringify } from 'lossless-json';

/** An answer's JSON, every number kept as its digits. */
const read = (text) => parse(text, undefined, (digits) => digits);

/** An argument's JSON: a string is taken as JSON text already; numbers as given, decimals exact. */
function write(value) {
  if (typeof value === 'string') return value;
  const text = stringify(value);
  if (text === undefined) throw new TypeError('the argument is not a JSON value');
  return text;
}

/** An exact decimal for an argument: `decimal('1200.00')` is written as `1200.00`. */
export function decimal(text) {
  return new LosslessNumber(String(text));
}

/** Whether `error` is a refusal of the engine: an `Error` with its `kind` and `field`. */
export function isCostfolioError(error) {
  return error instanceof Error && error.name === 'CostfolioError';
}

/** The typed engine over the generated module `raw`. */
export function engine(raw) {
  class Planner {
    #inner;
    constructor(inner) {
      this.#inner = inner ?? new raw.Planner();
    }
    static fromSnapshot(snapshot) {
      return new Planner(raw.Planner.fromSnapshot(snapshot));
    }
    handle(request, context) {
      return JSON.parse(this.#inner.handle(JSON.stringify(request), JSON.stringify(context)));
    }
    indicators(folio, asOf) {
      return read(this.#inner.indicators(folio, asOf));
    }
    timeline(folio, asOf, granularity = 'month') {
      return read(this.#inner.timeline(folio, asOf, granularity));
    }
    takeJournal() {
      return this.#inner.takeJournal();
    }
    replay(entries) {
      this.#inner.replay(entries);
    }
    snapshot() {
      return this.#inner.snapshot();
    }
    free() {
      this.#inner.free();
    }
  }
  return {
    version: () => raw.version(),
    planSummary: (document) => read(raw.planSummary(write(document))),
    plan: (document) => read(raw.plan(write(document), false)),
    planCsv: (document) => raw.plan(write(document), true),
    expandRecurrence: (recurrence, defaultEnd, from, to) => raw.expandRecurrence(write(recurrence), defaultEnd, from, to),
    difference: (a, b) => raw.difference(String(a), String(b)),
    Planner,
  };
}
