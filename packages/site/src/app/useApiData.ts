import { isApiError } from '@poolkit/core';
import {
  type DependencyList,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { reportError } from './feedback';

/** The state of one data request of a page section. */
export type ApiData<T> =
  | { status: 'loading'; data: undefined; reload: () => void }
  | { status: 'ready'; data: T; reload: () => void }
  /** The endpoint is not implemented (HTTP 404): the section shows its empty state. */
  | { status: 'missing'; data: undefined; reload: () => void }
  | { status: 'error'; data: undefined; error: unknown; reload: () => void };

/**
 * Runs a request when the dependencies change and tracks it. A 404 answer becomes `missing`
 * (the section's empty state, never a crash); other failures are reported (toast or dialog) and
 * become `error` with a retry (`silent`: not reported). Pass `null` as the request to skip it.
 *
 * `refresh` (a number that grows, e.g. `useLiveVersion`): when only it changes, the request runs
 * again while the section keeps showing its data (no skeleton); a failure then keeps the data.
 */
export function useApiData<T>(
  request: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
  options: { silent?: boolean; refresh?: number } = {},
): ApiData<T> {
  const silent = options.silent === true;
  const refresh = options.refresh ?? 0;
  const lastKey = useRef<readonly unknown[] | undefined>(undefined);
  /** Whether data of the current inputs is on screen (a refresh may then keep it). */
  const shown = useRef(false);
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; data: T }
    | { status: 'missing' }
    | { status: 'error'; error: unknown }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists the request's inputs
  useEffect(() => {
    if (request === null) return;
    const controller = new AbortController();
    const key = [...deps, attempt];
    const previous = lastKey.current;
    lastKey.current = key;
    const quiet =
      shown.current &&
      previous !== undefined &&
      previous.length === key.length &&
      previous.every((value, index) => Object.is(value, key[index]));
    if (!quiet) {
      shown.current = false;
      setState({ status: 'loading' });
    }
    request(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        // A transition: a large answer (a table of every coin) renders in slices that let the
        // browser answer input in between, instead of one long task.
        shown.current = true;
        startTransition(() => setState({ status: 'ready', data }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A live refresh that failed: what is shown stays.
        if (quiet) return;
        if (isApiError(error) && error.status === 404) {
          setState({ status: 'missing' });
          return;
        }
        if (!silent) reportError(error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [...deps, attempt, refresh]);

  // One object per state, so a memoised section that receives it re-renders only when its own
  // request changed, not whenever the page renders.
  return useMemo((): ApiData<T> => {
    switch (state.status) {
      case 'loading':
        return { status: 'loading', data: undefined, reload };
      case 'ready':
        return { status: 'ready', data: state.data, reload };
      case 'missing':
        return { status: 'missing', data: undefined, reload };
      case 'error':
        return { status: 'error', data: undefined, error: state.error, reload };
      default:
        return state satisfies never;
    }
  }, [state, reload]);
}
