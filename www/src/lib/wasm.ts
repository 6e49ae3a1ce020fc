// The wasm core, loaded on first use only (the first paint never waits for it). Vite bundles the
// `.wasm` as a hashed asset through the package's `new URL(..., import.meta.url)`.
type Core = typeof import('../../../wasm/pkg/web/costfolio_wasm.js');

let loading: Promise<Core> | null = null;

export function loadCore(): Promise<Core> {
  loading ??= import('../../../wasm/pkg/web/costfolio_wasm.js').then(async (m) => {
    await m.default();
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
