import { isApiError } from '@poolkit/core';
import {
  type DependencyList,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
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
 */
export function useApiData<T>(
  request: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
  options: { silent?: boolean } = {},
): ApiData<T> {
  const silent = options.silent === true;
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
    setState({ status: 'loading' });
    request(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        // A transition: a large answer (a table of every coin) renders in slices that let the
        // browser answer input in between, instead of one long task.
        startTransition(() => setState({ status: 'ready', data }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.status === 404) {
          setState({ status: 'missing' });
          return;
        }
        if (!silent) reportError(error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);

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
