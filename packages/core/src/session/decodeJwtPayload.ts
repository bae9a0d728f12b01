/**
 * Decodes the payload (middle part) of a JWT without checking its signature: the client only
 * reads its own token's times, the server is the one that verifies it. Base64url, UTF-8.
 *
 * @returns the payload object, or `null` when the token is not a JWT with a JSON object payload.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined || payload === '') return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return parsed as Record<string, unknown>;
  } catch {
    return null;
  }
}

function readSecondsClaim(token: string, claim: 'exp' | 'iat'): number | null {
  const value = decodeJwtPayload(token)?.[claim];
  return typeof value === 'number' && Number.isFinite(value) ? value * 1000 : null;
}

/**
 * The token's expiry in epoch milliseconds, from the JWT `exp` claim (seconds) as spec section
 * 9 says. `null` when the token is not a JWT or has no numeric `exp`.
 */
export function decodeJwtExpiry(token: string): number | null {
  return readSecondsClaim(token, 'exp');
}

/**
 * The token's issue time in epoch milliseconds, from the JWT `iat` claim (seconds). PoolKit
 * uses it as the login time of the refresh rule. `null` when absent.
 */
export function decodeJwtIssuedAt(token: string): number | null {
  return readSecondsClaim(token, 'iat');
}
