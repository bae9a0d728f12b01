import { ERROR_CODES } from '../contract';

/** One input field that a domain rule refused, as the error envelope's `fields` lists it. */
export interface DomainFieldError {
  readonly field: string;
  readonly message: string;
}

/**
 * A refusal by a domain rule: the contract's error code (from the error catalogue, whose codes
 * carry their HTTP status in their first three digits: `40007` is a 400, `40400` a 404), a
 * message that names the field, and the fields it concerns. Domain code (services, ledgers,
 * jobs) throws this and knows nothing of HTTP; the request pipeline turns it into an answer
 * (`http/errorHandler.ts`), and a job logs it.
 *
 * @example
 * throw new DomainError(ERROR_CODES.insufficientBalance, 'amount: more than the available balance', [
 *   { field: 'amount', message: 'more than the available balance' },
 * ]);
 */
export class DomainError extends Error {
  readonly code: number;
  readonly fields: readonly DomainFieldError[];

  constructor(code: number, message: string, fields: readonly DomainFieldError[] = []) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
  }

  /** The HTTP status the code stands for (`40007` → 400). */
  get status(): number {
    return Math.trunc(this.code / 100);
  }
}

/** Refuses one field: `field: message`, with the code given (validation by default). */
export function badField(
  field: string,
  message: string,
  code: number = ERROR_CODES.validation,
): never {
  throw new DomainError(code, `${field}: ${message}`, [{ field, message }]);
}

/**
 * Refuses one field with `message` alone as the envelope's `msg` (the field is named in `fields`
 * only), with the code given (validation by default), whose first three digits are the status.
 *
 * @example
 * refuseField('quote_id', 'This quote was used already', ERROR_CODES.conflict); // 409
 */
export function refuseField(
  field: string,
  message: string,
  code: number = ERROR_CODES.validation,
): never {
  throw new DomainError(code, message, [{ field, message }]);
}

/** Refuses a lookup whose target does not exist (404), naming the field that pointed at it. */
export function notFound(field: string, message: string): never {
  throw new DomainError(ERROR_CODES.notFound, message, [{ field, message }]);
}
