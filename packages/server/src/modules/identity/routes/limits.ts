import type { RateLimitOptions } from '../../../http/rateLimit';

/** Logins per client address and minute. */
export const loginLimit: RateLimitOptions = { key: 'login', limit: 20, windowMs: 60_000 };
/** Code sendings per client address and 10 minutes (each target also waits 60 s). */
export const sendCodeLimit: RateLimitOptions = {
  key: 'send-code',
  limit: 20,
  windowMs: 10 * 60_000,
};
/** Registrations and password resets per client address and hour. */
export const registerLimit: RateLimitOptions = { key: 'register', limit: 10, windowMs: 3_600_000 };
/**
 * Second validations per client address and minute, whatever their outcome: with the per-user
 * brake on authenticator codes (`checkTotpBehindBrake`), this bounds guessing from one address
 * over many stolen sessions.
 */
export const secondValidationLimit: RateLimitOptions = {
  key: 'second-validation',
  limit: 20,
  windowMs: 60_000,
};
/** Token refreshes per client address and minute. */
export const refreshLimit: RateLimitOptions = { key: 'refresh', limit: 60, windowMs: 60_000 };
