// The package in node: the CommonJS module wasm-bindgen generated for node (node/), which loads
// its .wasm synchronously, behind the typed functions of engine.js.
import { createRequire } from 'node:module';
import { engine } from './engine.js';

export { decimal, isCostfolioError } from './engine.js';

const raw = createRequire(import.meta.url)('./node/costfolio_wasm.js');

/** The engine; in node it is ready at once. */
export async function load() {
  return engine(raw);
}
