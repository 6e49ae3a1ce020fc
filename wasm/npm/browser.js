// The package in a browser (through a bundler such as Vite, which serves the .wasm as an asset):
// the ES module wasm-bindgen generated for the web (web/), instantiated on the first `load()`.
import init, * as raw from './web/costfolio_wasm.js';
import { engine } from './engine.js';

export { decimal, isCostfolioError } from './engine.js';

let loading = null;

/** The engine, once its module is fetched and instantiated (`wasm`: where to fetch it, if not beside this file). */
export function load(wasm) {
  loading ??= init(wasm === undefined ? undefined : { module_or_path: wasm }).then(() => engine(raw));
  return loading;
}
