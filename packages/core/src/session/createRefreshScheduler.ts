import type { Session, SessionTokens } from './createSession';
import { decodeJwtExpiry } from './decodeJwtPayload';
import { shouldRefreshToken } from './shouldRefreshToken';

/** Options of {@link createRefreshScheduler}. */
export interface RefreshSchedulerOptions {
  /** The clock, epoch ms. Default `Date.now`. */
  now?: () => number;
  /** Default `globalThis.setTimeout`. */
  setTimeout?: (callback: () => void, delayMs: number) => unknown;
  /** Default `globalThis.clearTimeout`. */
  clearTimeout?: (handle: never) => void;
  /**
   * Called after a failed refresh, once the session is logged out: the host goes to `/login`
   * (core never navigates). Default: nothing.
   */
  onAuthFailure?: (error: unknown) => void;
}

/** A running refresh schedule. */
export interface RefreshScheduler {
  /** Starts watching the session (login, logout and tokens from other tabs re-arm the timer). */
  start(): void;
  /** Stops the timer and the watching. */
  stop(): void;
  /**
   * Applies the refresh rule now (call it on navigation too) and refreshes when it says so.
   * Resolves `true` when a refresh happened and succeeded.
   */
  check(): Promise<boolean>;
  /**
   * Refreshes now, whatever the rule says: the server said the access token no longer works
   * (a live stream's `unauthorized` event). As with a scheduled refresh, new tokens go to the
   * session, and a failed one (a revoked session's refresh token is refused too) logs the
   * session out and calls `onAuthFailure`. Shares a refresh in flight; nothing to do without an
   * access token. Resolves `true` when a refresh happened and succeeded.
   */
  renew(): Promise<boolean>;
}

// setTimeout cannot wait longer than 2^31 - 1 ms; a longer wait is split.
const MAX_TIMER_DELAY = 2_147_483_647;

/**
 * Refreshes the access token when the rule of {@link shouldRefreshToken} says so: once the
 * remaining lifetime falls below half of the span from login (the JWT `iat` claim) to expiry
 * (`token_exp`). New tokens go to `session.setTokens`, which shares them with other tabs over
 * the broadcast channel. A failed refresh logs the session out and calls `onAuthFailure`.
 *
 * @param refresh - performs the refresh call and resolves the new tokens; with the HTTP client,
 *   pass `() => http.refreshTokens()` (its single flight is shared with the 40001 path).
 * @example
 * const scheduler = createRefreshScheduler(session, () => http.refreshTokens(), {
 *   onAuthFailure: () => router.navigate('/login'),
 * });
 * scheduler.start();
 */
export function createRefreshScheduler(
  session: Session,
  refresh: () => Promise<SessionTokens>,
  options: RefreshSchedulerOptions = {},
): RefreshScheduler {
  const now = options.now ?? (() => Date.now());
  const schedule =
    options.setTimeout ?? ((callback, delayMs) => globalThis.setTimeout(callback, delayMs));
  const cancel =
    options.clearTimeout ??
    ((handle: never) =>
      globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
  let timer: unknown = null;
  let unsubscribe: (() => void) | null = null;
  let inFlight: Promise<boolean> | null = null;

  function times(): { loginAt: number; expiresAt: number } | null {
    const token = session.getAccessToken();
    if (token === null) return null;
    const expiresAt = session.getTokenExpiry() ?? decodeJwtExpiry(token);
    const loginAt = session.getTokenIssuedAt();
    return expiresAt === null || loginAt === null ? null : { loginAt, expiresAt };
  }

  function disarm(): void {
    if (timer !== null) cancel(timer as never);
    timer = null;
  }

  function arm(): void {
    disarm();
    if (unsubscribe === null) return;
    const current = times();
    if (current === null) return;
    const nowMs = now();
    if (current.expiresAt <= nowMs) return;
    // The first millisecond at which the remaining lifetime is strictly below half the span.
    const dueAt = Math.floor(current.loginAt + (current.expiresAt - current.loginAt) / 2) + 1;
    const delay = Math.min(Math.max(dueAt - nowMs, 0), MAX_TIMER_DELAY);
    timer = schedule(() => {
      timer = null;
      void check().finally(arm);
    }, delay);
  }

  async function run(): Promise<boolean> {
    try {
      const tokens = await refresh();
      session.setTokens(tokens);
      return true;
    } catch (error) {
      session.logout();
      options.onAuthFailure?.(error);
      return false;
    }
  }

  function check(): Promise<boolean> {
    if (inFlight !== null) return inFlight;
    // Read the stored tokens again: another tab may have refreshed them already.
    const current = times();
    if (current === null || !shouldRefreshToken(current.loginAt, current.expiresAt, now())) {
      return Promise.resolve(false);
    }
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function renew(): Promise<boolean> {
    if (inFlight !== null) return inFlight;
    if (session.getAccessToken() === null) return Promise.resolve(false);
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    start() {
      if (unsubscribe !== null) return;
      unsubscribe = session.subscribe((event) => {
        if (event.type === 'login' || event.type === 'logout' || event.type === 'tokens') arm();
      });
      arm();
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      disarm();
    },
    check,
    renew,
  };
}
