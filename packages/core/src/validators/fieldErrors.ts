import type { z } from 'zod';
import {
  isValidationMessageKey,
  type ValidationMessageKey,
  validationMessageKeyOf,
} from './validationKeys';

/** One form error: which field, which message key, and values for the message's placeholders. */
export interface FieldError {
  /** Dotted path of the field (`'amount'`, `'items.0.name'`); `''` for a form-level error. */
  field: string;
  /** The message key, e.g. `'validation.phoneInvalid'`. */
  key: ValidationMessageKey;
  /** Interpolation values: `{ minimum }`, `{ maximum }`, `{ decimals }`, `{ days }`, `{ max }`. */
  params?: Record<string, unknown>;
}

type Issue = z.ZodError['issues'][number];

/** Something holding zod issues: a `ZodError`, or a core `$ZodError`. */
export type IssueSource = Pick<z.ZodError, 'issues'>;

function keyOf(issue: Issue): ValidationMessageKey {
  // An issue PoolKit's validators did not word (e.g. a wrong type in a caller's own schema)
  // falls back to the generic message rather than leaking zod's English text.
  return isValidationMessageKey(issue.message) ? issue.message : validationMessageKeyOf('invalid');
}

function paramsOf(issue: Issue): Record<string, unknown> | undefined {
  switch (issue.code) {
    case 'custom':
      return issue.params;
    // Length limits; a too_small issue is always a "required" here and needs no value.
    case 'too_big':
      return { max: Number(issue.maximum) };
    default:
      return undefined;
  }
}

/**
 * The errors of a failed parse, one per field (the first issue of each field wins, so a field
 * shows "required" rather than "required" and "malformed"), in the order zod reported them.
 *
 * @example
 * const result = validators.withdrawal({ minimum: '0.1', hasPayPassword: true }).safeParse(form);
 * if (!result.success) fieldErrors(result.error)
 * // [{ field: 'amount', key: 'validation.amountBelowMinimum', params: { minimum: '0.1' } }, …]
 */
export function fieldErrors(error: IssueSource): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const params = paramsOf(issue);
    errors.push(params ? { field, key: keyOf(issue), params } : { field, key: keyOf(issue) });
  }
  return errors;
}

/**
 * The message key of the first issue of a failed parse, for single-value validators; `undefined`
 * when there is no issue.
 *
 * @example
 * validationMessageKey(validators.email.safeParse('').error) // 'validation.emailRequired'
 */
export function validationMessageKey(
  error: IssueSource | undefined,
): ValidationMessageKey | undefined {
  const first = error?.issues[0];
  return first ? keyOf(first) : undefined;
}
