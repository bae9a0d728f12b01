import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { createGuessBrake, describeWait, type GuessOutcome } from '../../http/guessBrake';
import { HttpError } from '../../http/httpError';
import { phoneTarget } from './codes';

/** Password attempts on one account that run without waiting. */
export const LOGIN_FREE_ATTEMPTS = 5;
/** The wait after the last free attempt, doubled by each further one (at most an hour). */
export const LOGIN_FIRST_DELAY_MS = 60_000;

/** The account a login names, as the brake counts it. */
export type LoginAccount =
  | { readonly type: 'email'; readonly email: string }
  | { readonly type: 'phone'; readonly country_code: string; readonly phone: string };

/** Wrong password or unknown account: a wrong guess. Anything else is not one. */
function classifyLogin(error: unknown): GuessOutcome {
  return error instanceof HttpError &&
    (error.code === ERROR_CODES.badCredentials || error.code === ERROR_CODES.notRegistered)
    ? 'wrong'
    : 'other';
}

/**
 * The per-account brake on password guessing at login (`http/guessBrake.ts`, scope `login`):
 * the per-address limit (20 a minute) does not stop a guesser who spreads the attempts over
 * many addresses, so the attempts on one email or phone are counted whatever the address. Five
 * run freely; then each further one waits 1, 2, 4 … minutes (at most an hour), answering HTTP
 * 429 code 42900 naming `email` or `phone`, with `Retry-After`, without the password being
 * checked, so the right password during the wait does not sign in. A right password (the
 * authenticator step included) forgets the streak; 15 minutes after the last attempt (or the
 * end of the wait) it is forgotten anyway.
 *
 * The brake must not tell whether an account exists: it counts the typed email or phone, not
 * the user, so an unknown one ("This account has not been registered.", which the spec keeps)
 * is braked exactly like a known one with a wrong password.
 */
export function createLoginBrake(context: AppContext) {
  const brake = createGuessBrake(context.database, context.clock, {
    scope: 'login',
    freeAttempts: LOGIN_FREE_ATTEMPTS,
    firstDelayMs: LOGIN_FIRST_DELAY_MS,
    message: (seconds) =>
      `Too many failed sign-ins to this account: try again in ${describeWait(seconds)}`,
  });
  return {
    /** Runs `check` (find the user, verify the password) behind the brake of `account`. */
    check<T>(account: LoginAccount, check: () => Promise<T>): Promise<T> {
      const subject =
        account.type === 'email'
          ? account.email.trim().toLowerCase()
          : phoneTarget(account.country_code, account.phone);
      return brake.attempt(subject, account.type, check, classifyLogin);
    },
  };
}
