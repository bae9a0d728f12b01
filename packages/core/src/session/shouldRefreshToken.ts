/**
 * The token refresh rule of spec sections 4 and 9: refresh when the remaining lifetime
 * (`expMs - nowMs`) is below half of the span from login to expiry (`expMs - loginAtMs`) and
 * still above 0. Exactly half is not yet due; an expired token is not refreshed here (the next
 * call gets HTTP 400 / 40001 and the client refreshes then).
 *
 * @param loginAtMs - when the token was obtained, epoch ms (PoolKit reads the JWT `iat` claim).
 * @param expMs - the token's expiry, epoch ms (the JWT `exp` claim × 1000).
 * @param nowMs - the current time, epoch ms.
 */
export function shouldRefreshToken(loginAtMs: number, expMs: number, nowMs: number): boolean {
  const remaining = expMs - nowMs;
  const span = expMs - loginAtMs;
  return remaining > 0 && remaining < span / 2;
}
