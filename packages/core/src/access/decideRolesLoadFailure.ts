/** Input of {@link decideRolesLoadFailure}. */
export interface RolesLoadFailure {
  /** HTTP status of the failed roles call; `undefined` for a network error or time-out. */
  status?: number | undefined;
  /** Whether the session is an observer session. */
  isObserver: boolean;
}

/** What to do when loading the roles failed (spec section 4). */
export type RolesLoadFailureDecision =
  /** Observer mode: clear the observer token and go to `/`. */
  | { type: 'clear-observer-and-home'; to: '/' }
  /** HTTP 400 (the token is no longer valid): log out and go to `/login`. */
  | { type: 'logout'; to: '/login' }
  /** Anything else: abort this navigation and stay where the user is. */
  | { type: 'abort' };

/**
 * The spec's rule for a failed roles load on first navigation (section 4): in observer mode any
 * failure clears the observer token and goes to `/`; otherwise HTTP 400 logs out and goes to
 * `/login`, and any other failure aborts the navigation. Observer mode is checked first, since
 * the failing call was made with the observer token.
 */
export function decideRolesLoadFailure(failure: RolesLoadFailure): RolesLoadFailureDecision {
  if (failure.isObserver) return { type: 'clear-observer-and-home', to: '/' };
  if (failure.status === 400) return { type: 'logout', to: '/login' };
  return { type: 'abort' };
}
