import { DomainError } from '../domain/errors';
import { HttpError } from './httpError';

/**
 * Whether `error` is a refusal that the error handler answers with its own status and envelope:
 * an `HttpError`, or a `DomainError` (whose status is its code's first three digits). Code that
 * tells refusals apart by their `status` (a brake's wrong guess is a 404) asks this rather than
 * `instanceof HttpError`, so it keeps working whichever of the two the code it calls throws.
 */
export function isRefusal(error: unknown): error is HttpError | DomainError {
  return error instanceof HttpError || error instanceof DomainError;
}
