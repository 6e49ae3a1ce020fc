// The wasm core for tests in node: the package's node build (wasm/pkg/node, made by
// ./scripts/build-wasm), which the browser's lazy loader (api/wasm.ts) cannot load there. A test
// hands it to the code under test with
//   vi.mock('../api/wasm', async () => (await import('./core')).wasmModule);
import { createRequire } from 'node:module';
import { vi } from 'vitest';

type Core = typeof import('../../../wasm/pkg/web/costfolio_wasm.js');

const core = createRequire(import.meta.url)('../../../wasm/pkg/node/costfolio_wasm.js') as Core;

/** What api/wasm.ts exports, with the node build behind it. */
export const wasmModule = {
  loadCore: vi.fn(() => Promise.resolve(core)),
  coreMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
};
