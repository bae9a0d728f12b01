import { type Api, isApiError } from '@poolkit/core/client';
import type { EndpointId, Endpoints } from '@poolkit/core/contract';
import {
  type DependencyList,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type ApiCacheKey, apiCache, cacheKeyText } from './apiCache';
import { reportError } from './feedback';
import { useServices } from './servicesContext';

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
 *
 * `key` (the endpoint and its input, see `apiCache.ts`): the answer goes through the site's read
 * cache, shared with every component showing the same key (requests with one key must answer
 * the same), and is fetched again the same quiet way when a write invalidates it; a failure then
 * is reported and shown (the data shown is known to be out of date). Writes through
 * `services.api` invalidate by themselves, so a page needs no counter to show what it changed.
 */
export function useApiData<T>(
  request: ((signal: AbortSignal) => Promise<T>) | null,
  deps: DependencyList,
  options: { silent?: boolean; refresh?: number; key?: ApiCacheKey } = {},
): ApiData<T> {
  const silent = options.silent === true;
  const cacheKey = options.key === undefined ? undefined : cacheKeyText(options.key);
  const endpointId = options.key?.[0] ?? '';
  const [invalidated, setInvalidated] = useState(0);
  const live = options.refresh ?? 0;
  const refresh = live + invalidated;
  /** The `refresh` of the last request: a live change asks the server, not the cache. */
  const lastLive = useRef(live);
  /** The invalidations of the last request: a write's refresh that fails is not hidden. */
  const lastInvalidated = useRef(invalidated);
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
  const reload = useCallback(() => {
    // A retry asks the server again, not the cache.
    if (cacheKey !== undefined) apiCache.forget(cacheKey);
    setAttempt((value) => value + 1);
  }, [cacheKey]);

  useEffect(() => {
    if (cacheKey === undefined) return;
    return apiCache.subscribe(cacheKey, endpointId, () => setInvalidated((value) => value + 1));
  }, [cacheKey, endpointId]);

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
    const fresh = live !== lastLive.current;
    lastLive.current = live;
    const afterWrite = invalidated !== lastInvalidated.current;
    lastInvalidated.current = invalidated;
    (cacheKey === undefined
      ? request(controller.signal)
      : apiCache.fetch(cacheKey, endpointId, request, fresh)
    ).then(
      (data) => {
        if (controller.signal.aborted) return;
        // A transition: a large answer (a table of every coin) renders in slices that let the
        // browser answer input in between, instead of one long task.
        shown.current = true;
        startTransition(() => setState({ status: 'ready', data }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A live refresh that failed: what is shown stays. After a write, what is shown is
        // known to be out of date: the failure shows, as on a first load.
        if (quiet && !afterWrite) return;
        if (isApiError(error) && error.status === 404) {
          setState({ status: 'missing' });
          return;
        }
        if (!silent) reportError(error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [...deps, attempt, refresh, cacheKey]);

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

type EndpointInputOf<K extends EndpointId> = Parameters<Api<Endpoints>[K]>[0];
type EndpointOutputOf<K extends EndpointId> = Awaited<ReturnType<Api<Endpoints>[K]>>;

/**
 * Reads one endpoint through the site's read cache, keyed by the endpoint and its input (see
 * `useApiData`'s `key`): `useEndpoint('walletBalances', {})`. `null` as the input skips it.
 * `select` picks what the component shows from the answer (`(answer) => answer.list`); the
 * cache keeps the whole answer, for the other components of the key.
 */
export function useEndpoint<K extends EndpointId, S = EndpointOutputOf<K>>(
  endpointId: K,
  input: EndpointInputOf<K> | null,
  options: {
    silent?: boolean;
    refresh?: number;
    select?: (answer: EndpointOutputOf<K>) => S;
  } = {},
): ApiData<S> {
  const { api } = useServices();
  const { select, ...rest } = options;
  const text = input === null ? null : JSON.stringify(input);
  const answer = useApiData(
    input === null
      ? null
      : (signal) =>
          (api[endpointId] as (input: unknown, options: { signal: AbortSignal }) => Promise<never>)(
            input,
            { signal },
          ),
    [endpointId, text],
    input === null ? rest : { ...rest, key: [endpointId, input] },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `select` is a function of the answer alone
  return useMemo(
    () =>
      answer.status === 'ready' && select !== undefined
        ? { ...answer, data: select(answer.data as EndpointOutputOf<K>) }
        : (answer as ApiData<S>),
    [answer],
  );
}
