import {
  createApi,
  createHttpClient,
  describeError,
  endpoints,
  type LiveTopic,
  subscribeLive,
} from '@poolkit/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DataStatus } from '../components/DataState/DataState';
import { useMiningT } from '../lib/useMiningT';

/** Where the connected widgets read from. */
export interface PoolApiOptions {
  /** The pool's API base, e.g. `'https://pool.example/api'`. Default `'/api'` (same origin). */
  baseUrl?: string;
  /** A fetch implementation (tests, proxies). Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
}

/** The three public pool calls the connected widgets use (no sign-in needed). */
const POOL_ENDPOINTS = {
  poolStats: endpoints.poolStats,
  poolBlocks: endpoints.poolBlocks,
  poolHashrates: endpoints.poolHashrates,
};

/**
 * A typed client of the pool calls, made once per base URL, sending the interface language. The
 * calls are public reads: no credentials and no custom headers, so a page on another origin reads
 * them without a CORS preflight (the server answers them `Access-Control-Allow-Origin: *`).
 */
export function usePoolApi({ baseUrl = '/api', fetch }: PoolApiOptions) {
  const { language } = useMiningT();
  return useMemo(
    () =>
      createApi(
        createHttpClient({
          baseUrl,
          fetch,
          getLanguage: () => language,
          credentials: 'omit',
          noCacheHeaders: false,
        }),
        POOL_ENDPOINTS,
      ),
    [baseUrl, fetch, language],
  );
}

/**
 * Calls `reload` whenever the pool's live stream (`GET /api/live`, Server-Sent Events) says
 * something of `topics` changed, or while the stream is unavailable, once a minute (core's
 * `subscribeLive` and its polling fallback). Returns the unsubscribe function.
 */
export function followTopics(
  topics: readonly LiveTopic[],
  baseUrl: string | undefined,
  reload: () => void,
): () => void {
  const subscription = subscribeLive(
    topics,
    (notice) => {
      if (notice.type !== 'ready') reload();
    },
    { baseUrl: baseUrl ?? '/api' },
  );
  return () => subscription.close();
}

/** {@link followTopics} while mounted; `null` follows nothing. */
export function useLiveReload(
  topics: readonly LiveTopic[] | null,
  baseUrl: string | undefined,
  reload: () => void,
): void {
  const key = topics === null ? null : topics.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the topics
  useEffect(() => {
    if (topics === null || topics.length === 0) return;
    return followTopics(topics, baseUrl, reload);
  }, [key, baseUrl, reload]);
}

/** The state of one load. */
export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** The user-facing message of the last failure (core's `describeError`), or `null`. */
  error: string | null;
  /** Loads again now. */
  reload: () => void;
}

/**
 * A widget's state props from a load: the skeleton while loading, the error only while there is
 * no data to show (a failed refresh keeps the last figures on screen), and the retry.
 */
export function dataStatus<T>({ data, loading, error, reload }: Loaded<T>): DataStatus {
  return { loading, error: data ? undefined : (error ?? undefined), onRetry: reload };
}

/**
 * Runs `load` when it changes and every `refreshMs` (when given), keeping the last good data on
 * screen while a refresh runs or fails. A load that is overtaken by a newer one is ignored.
 */
export function useLoad<T>(load: () => Promise<T>, refreshMs?: number): Loaded<T> {
  const { t } = useMiningT();
  const [state, setState] = useState<{
    data: T | undefined;
    loading: boolean;
    error: string | null;
  }>({
    data: undefined,
    loading: true,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on purpose.
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: previous.data === undefined }));
    load().then(
      (data) => {
        if (current) setState({ data, loading: false, error: null });
      },
      (problem: unknown) => {
        if (current)
          setState((previous) => ({
            ...previous,
            loading: false,
            error: describeError(problem, t),
          }));
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt, t]);

  useEffect(() => {
    if (!refreshMs) return;
    const timer = setInterval(reload, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, reload]);

  return { ...state, reload };
}
