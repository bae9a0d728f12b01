/**
 * A predicate for `rejects.toSatisfy`: true when the error or one of its causes (Drizzle wraps
 * the driver's error) has a message matching `pattern`.
 */
export function causedBy(pattern: RegExp) {
  return (error: unknown): boolean => {
    for (let current = error, depth = 0; current && depth < 5; depth += 1) {
      if (pattern.test(String((current as Error).message))) return true;
      current = (current as { cause?: unknown }).cause;
    }
    return false;
  };
}
