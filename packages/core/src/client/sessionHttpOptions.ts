import type { Session } from '../session/createSession';
import type { HttpClientOptions } from './createHttpClient';

/**
 * Wires an HTTP client to a session: language, access, refresh and observer tokens are read
 * from it, refreshed tokens are stored with `session.setTokens` (which shares them with other
 * tabs), and an auth failure logs the session out (which also clears `pool_name`).
 *
 * @example
 * const http = createHttpClient({
 *   ...sessionHttpOptions(session),
 *   onAuthFailure: () => router.navigate('/login'),
 * });
 */
export function sessionHttpOptions(
  session: Session,
): Pick<
  HttpClientOptions,
  | 'getLanguage'
  | 'getAccessToken'
  | 'getRefreshToken'
  | 'getObserverToken'
  | 'onTokensRefreshed'
  | 'clearSession'
> {
  return {
    getLanguage: () => session.get('language'),
    getAccessToken: () => session.getAccessToken(),
    getRefreshToken: () => session.getRefreshToken(),
    getObserverToken: () => session.observer.getToken(),
    onTokensRefreshed: (tokens) => session.setTokens(tokens),
    clearSession: () => session.logout(),
  };
}
