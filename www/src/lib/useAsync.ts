import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { dataVersion } from '../state';

export interface AsyncState<T> {
  data: T | undefined;
  error: ApiError | Error | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` whenever `deps` change, and again when the data changed elsewhere (`dataVersion`,
 * another tab of the offline planner); the last answer wins. The data shown so far stays while
 * it reloads.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: ApiError | Error | undefined; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const version = dataVersion.value;
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: undefined, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ data: undefined, error: error instanceof Error ? error : new Error(String(error)), loading: false });
      },
    );
    return () => controller.abort();
  }, [...deps, tick, version]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
