import { type LiveEvent, type LiveTopic, liveEventSchemas } from '../contract/live';

/**
 * What a live subscription hands its listener: an event of the stream, or `poll` while the
 * stream cannot be used (no `EventSource`, or it failed again and again): then the listener
 * reads what it shows again, as it would without live updates.
 */
export type LiveNotice = LiveEvent | { type: 'poll'; data: null };

/** The state of a subscription. */
export type LiveState = 'connecting' | 'open' | 'polling' | 'closed';

/** The parts of the browser's `EventSource` a subscription uses. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** A constructor of {@link EventSourceLike} (the browser's `EventSource`, or a package's). */
export type EventSourceConstructor = new (url: string) => EventSourceLike;

/** Options of {@link subscribeLive}. */
export interface SubscribeLiveOptions {
  /** The API base, e.g. `'https://pool.example/api'`. Default `'/api'`. */
  baseUrl?: string;
  /** The access token for private topics, read at every (re)connection. */
  getToken?: () => string | null | undefined;
  /** Resume after this event id (from an earlier subscription). */
  lastEventId?: string;
  /** Default: the global `EventSource`; `null` forces polling. */
  EventSource?: EventSourceConstructor | null;
  /** Failures in a row (no event in between) before falling back to polling. Default 3. */
  maxFailures?: number;
  /** First delay before reconnecting after a failure, doubled each time up to 30 s. Default 1000. */
  retryMs?: number;
  /** How often a `poll` notice comes while polling. Default 60,000 (the roll-up minute). */
  pollIntervalMs?: number;
  /** While polling, try the stream again after this long. Default 300,000. */
  streamRetryMs?: number;
  /** Told every change of state. */
  onStateChange?: (state: LiveState) => void;
}

/** A running subscription. */
export interface LiveSubscription {
  /** The id of the last batch received (resume from it with a new subscription). */
  readonly lastEventId: string | undefined;
  readonly state: LiveState;
  /** Stops: closes the stream and the timers. */
  close(): void;
}

const EVENT_TYPES = Object.keys(liveEventSchemas) as (keyof typeof liveEventSchemas)[];
/** `EventSource.CLOSED`: the browser gave up (an error answer, a wrong content type). */
const CLOSED = 2;

/**
 * Follows the server's live updates (`GET /api/live`, Server-Sent Events) on `topics` and
 * calls `onEvent` with each event, its data checked against the contract's schema.
 *
 * - **Reconnection.** A dropped stream reconnects by itself (`EventSource` does, sending
 *   `Last-Event-ID`); when the browser gives up (an error answer such as an expired token, or a
 *   server that is down) the subscription reconnects with a growing delay, with a fresh token
 *   and `last_event_id`, so nothing between the two streams is lost.
 * - **Polling fallback.** Without `EventSource`, or after `maxFailures` failures in a row, it
 *   sends `{type: 'poll'}` every `pollIntervalMs` (at once first) and tries the stream again
 *   every `streamRetryMs`.
 * - **A credential that stopped working.** The server ends a stream whose token was revoked or
 *   expired with the event `unauthorized` `{reason}`. The listener gets it (to refresh the
 *   session, or sign out); the subscription closes that stream (so the browser does not
 *   reconnect by itself), falls back to polling, and never opens the stream again with that
 *   token: only once `getToken` gives another one (at the next stream retry; a host that
 *   refreshed its session may also start a new subscription at once).
 *
 * @example
 * const live = subscribeLive(['blocks:kas'], (event) => {
 *   if (event.type === 'block' || event.type === 'poll') reloadBlocks();
 * });
 * // later
 * live.close();
 */
export function subscribeLive(
  topics: readonly LiveTopic[],
  onEvent: (event: LiveNotice) => void,
  options: SubscribeLiveOptions = {},
): LiveSubscription {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const Source =
    options.EventSource === undefined
      ? ((globalThis as { EventSource?: EventSourceConstructor }).EventSource ?? null)
      : options.EventSource;
  const maxFailures = options.maxFailures ?? 3;
  const retryMs = options.retryMs ?? 1000;
  const pollIntervalMs = options.pollIntervalMs ?? 60_000;
  const streamRetryMs = options.streamRetryMs ?? 300_000;
  let lastEventId = options.lastEventId;
  let state: LiveState = 'connecting';
  let source: EventSourceLike | null = null;
  let failures = 0;
  /** The token (`''`: none) of a stream the server ended with `unauthorized`; `null`: none. */
  let refusedToken: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let closed = false;

  function setState(next: LiveState): void {
    if (state === next) return;
    state = next;
    options.onStateChange?.(next);
  }

  function currentToken(): string {
    return options.getToken?.() || '';
  }

  function url(token: string): string {
    const query = new URLSearchParams({ topics: topics.join(',') });
    if (token) query.set('access_token', token);
    if (lastEventId !== undefined) query.set('last_event_id', lastEventId);
    return `${baseUrl}/live?${query.toString()}`;
  }

  function stopStream(): void {
    source?.close();
    source = null;
  }

  function retryStreamLater(): void {
    if (Source === null) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      failures = 0;
      connect();
    }, streamRetryMs);
  }

  function startPolling(): void {
    stopStream();
    setState('polling');
    onEvent({ type: 'poll', data: null });
    pollTimer ??= setInterval(() => onEvent({ type: 'poll', data: null }), pollIntervalMs);
    retryStreamLater();
  }

  function failed(): void {
    failures += 1;
    if (failures >= maxFailures) {
      startPolling();
      return;
    }
    stopStream();
    setState('connecting');
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, Math.min(30_000, retryMs * 2 ** (failures - 1)));
  }

  function connect(): void {
    if (closed || Source === null) return;
    const token = currentToken();
    if (refusedToken !== null && token === refusedToken) {
      // The server said this token no longer works: no stream with it, ever; poll meanwhile.
      if (state === 'polling') retryStreamLater();
      else startPolling();
      return;
    }
    refusedToken = null;
    stopStream();
    const current = new Source(url(token));
    source = current;
    current.onerror = () => {
      if (source !== current) return;
      // CONNECTING: the browser retries by itself; count it, but let it.
      if (current.readyState === CLOSED) failed();
      else {
        failures += 1;
        if (failures >= maxFailures) startPolling();
        else setState('connecting');
      }
    };
    for (const type of EVENT_TYPES) {
      current.addEventListener(type, (message: MessageEvent) => {
        if (source !== current) return;
        let json: unknown;
        try {
          json = JSON.parse(String(message.data));
        } catch {
          return;
        }
        const parsed = liveEventSchemas[type].safeParse(json);
        if (!parsed.success) return;
        if (type === 'unauthorized') {
          // The server ends this stream: close it before the browser reconnects by itself.
          refusedToken = token;
          stopStream();
          onEvent({ type, data: parsed.data } as LiveEvent);
          if (!closed && source === null) startPolling();
          return;
        }
        if (message.lastEventId) lastEventId = message.lastEventId;
        failures = 0;
        if (pollTimer !== undefined) {
          clearInterval(pollTimer);
          pollTimer = undefined;
        }
        clearTimeout(retryTimer);
        setState('open');
        onEvent({ type, data: parsed.data } as LiveEvent);
      });
    }
  }

  if (Source === null) startPolling();
  else connect();

  return {
    get lastEventId() {
      return lastEventId;
    },
    get state() {
      return state;
    },
    close() {
      closed = true;
      stopStream();
      clearTimeout(retryTimer);
      if (pollTimer !== undefined) clearInterval(pollTimer);
      pollTimer = undefined;
      setState('closed');
    },
  };
}
