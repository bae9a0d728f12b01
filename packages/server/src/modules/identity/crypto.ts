import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';

/** scrypt cost parameters of a password hash. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** The cost of new password hashes: N = 2^14, r = 8, p = 1 (about 45 ms of CPU each). */
export const PASSWORD_HASH_COST: ScryptCost = { N: 16_384, r: 8, p: 1 };

/**
 * The cost in test mode only (`createAppContext`), N = 2^10: the server's tests sign up and
 * in about 2,000 times a run, which cost 90 s of CPU at the full cost. Hashes carry their cost,
 * so they verify the same way.
 */
export const TEST_PASSWORD_HASH_COST: ScryptCost = { N: 1_024, r: 8, p: 1 };

const scryptKeyLength = 32;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  cost: ScryptCost,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      salt,
      keyLength,
      { ...cost, maxmem: 128 * cost.N * cost.r * 2 },
      (error, key) => {
        if (error === null) resolve(key);
        else reject(error);
      },
    );
  });
}

/**
 * Hashes a password with scrypt and a random 16-byte salt. The result carries its parameters:
 * `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`, so they can change later.
 */
export async function hashPassword(
  password: string,
  cost: ScryptCost = PASSWORD_HASH_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, scryptKeyLength, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against a {@link hashPassword} string in constant time; false when malformed. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Number.isInteger(cost.N) || !Number.isInteger(cost.r) || !Number.isInteger(cost.p)) {
    return false;
  }
  if (saltText === undefined || keyText === undefined) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length === 0) return false;
  const actual = await scryptAsync(
    password,
    Buffer.from(saltText, 'base64url'),
    expected.length,
    cost,
  );
  return timingSafeEqual(actual, expected);
}

/** A random URL-safe token with a prefix naming its kind, e.g. `rt_…` (32 random bytes). */
export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** SHA-256 of a token in hex: how tokens are stored and looked up. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** HMAC-SHA256 of `value` with `secret`, base64url. */
export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Compares two strings in constant time (false when their lengths differ). */
export function safeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A key for one purpose derived from the server secret (HMAC-SHA256), 32 bytes. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`poolkit:${purpose}`).digest();
}

/** Encrypts text with AES-256-GCM: `<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.');
}

/** Decrypts a {@link sealText} string; throws when it was tampered with. */
export function openText(key: Buffer, sealed: string): string {
  const [iv, tag, encrypted] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (iv === undefined || tag === undefined || encrypted === undefined) {
    throw new Error('Malformed sealed text');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
}

/** Claims of PoolKit's access tokens. */
export interface AccessClaims {
  /** The user id. */
  readonly sub: string;
  /** Issued at, epoch seconds. */
  readonly iat: number;
  /** Expires at, epoch seconds. */
  readonly exp: number;
  /** Token id. */
  readonly jti: string;
  /** The session (refresh-token family) the token belongs to. */
  readonly sid: string;
}

/** Signs access-token claims as an HS256 JWT. */
export function signJwt(secret: string, claims: AccessClaims): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${header}.${payload}.${hmac(secret, `${header}.${payload}`)}`;
}

/** Outcome of {@link verifyJwt}. */
export type JwtCheck =
  | { readonly status: 'valid'; readonly claims: AccessClaims }
  | { readonly status: 'expired' }
  | { readonly status: 'invalid' };

function isClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'string' &&
    typeof claims.iat === 'number' &&
    typeof claims.exp === 'number' &&
    typeof claims.jti === 'string' &&
    typeof claims.sid === 'string'
  );
}

/** Checks an HS256 JWT's header, signature (constant time) and expiry against `nowMs`. */
export function verifyJwt(secret: string, token: string, nowMs: number): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { status: 'invalid' };
  const [header, payload, signature] = parts;
  if (header === undefined || payload === undefined || signature === undefined) {
    return { status: 'invalid' };
  }
  if (!safeEqual(signature, hmac(secret, `${header}.${payload}`))) return { status: 'invalid' };
  let parsedHeader: unknown;
  let claims: unknown;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { status: 'invalid' };
  }
  if ((parsedHeader as { alg?: unknown } | null)?.alg !== 'HS256' || !isClaims(claims)) {
    return { status: 'invalid' };
  }
  if (claims.exp * 1000 <= nowMs) return { status: 'expired' };
  return { status: 'valid', claims };
}
