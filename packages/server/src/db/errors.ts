/**
 * PostgreSQL's SQLSTATE for a unique violation: the database refused a row because another
 * holds the same key, which is how a race between two requests for one name, one claim or one
 * slot ends. The callers answer it with the 409 their call documents, never a 500.
 */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` is a unique violation, as either driver throws it: node-postgres and PGlite
 * put the SQLSTATE in `code`, and Drizzle wraps their error in its own (`DrizzleQueryError`)
 * with the driver's as `cause`, so the chain of causes is walked (a few links deep: a
 * transaction helper may wrap it once more).
 *
 * @param constraint when given, only a violation of this constraint or unique index counts
 *   (`constraint` on both drivers' errors), so an unexpected one still surfaces as a failure.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || name === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
