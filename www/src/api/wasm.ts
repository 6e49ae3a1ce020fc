// The wasm core, loaded on first use only (the first paint never waits for it). Vite bundles the
// `.wasm` as a hashed asset through the package's `new URL(..., import.meta.url)`.
type Core = typeof import('../../../wasm/pkg/web/costfolio_wasm.js');

let loading: Promise<Core> | null = null;

export function loadCore(): Promise<Core> {
  loading ??= import('../../../wasm/pkg/web/costfolio_wasm.js').then(async (m) => {
    const exports = await m.default();
    // For the benchmarks: the wasm core's linear memory, which the JS heap does not count.
    (window as unknown as { __wasmBytes?: () => number }).__wasmBytes = () => exports.memory.buffer.byteLength;
    return m;
  });
  return loading;
}

/** The message of an error thrown by the wasm package (it throws strings or Errors). */
export function coreMessage(e: unknown): string {
  if (typeof e === 'string') return e;
  if (e instanceof Error) return e.message;
  return String(e);
}
