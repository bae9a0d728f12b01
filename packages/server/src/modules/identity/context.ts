import {
  constants,
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { resolveJwtSecret } from '../../db/settings';
import { HttpError } from '../../http/httpError';
import type { Mailer } from '../../mail/mailer';
import { PASSWORD_HASH_COST, type ScryptCost, TEST_PASSWORD_HASH_COST } from './crypto';
import { queryRow } from './db';

/** The RSA key pair passwords are encrypted with (shared by every node through app_settings). */
export interface RsaKey {
  readonly keyId: string;
  readonly publicPem: string;
  readonly privateKey: KeyObject;
}

/** What the identity services share. */
export interface IdentityContext {
  readonly database: Database;
  readonly clock: Clock;
  readonly config: Config;
  readonly mailer: Mailer;
  /** Leading zero bits of captcha challenges: 16, or 8 in test mode so tests stay fast. */
  readonly captchaDifficultyBits: number;
  /** The scrypt cost of new password hashes: {@link PASSWORD_HASH_COST}, cheaper in test mode. */
  readonly passwordHashCost: ScryptCost;
  /** The server secret (JWT_SECRET or the generated one), read once. */
  secret(): Promise<string>;
  /** The RSA key pair, generated at first start. */
  rsaKey(): Promise<RsaKey>;
}

const rsaSettingKey = 'identity_rsa_key';

/** Remembers a promise; forgets it when it fails, so a later call retries. */
function memoise<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

function generateRsaPem(): Promise<{ publicKey: string; privateKey: string }> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (error, publicKey, privateKey) => {
        if (error === null) resolve({ publicKey, privateKey });
        else reject(error);
      },
    );
  });
}

/**
 * Reads the RSA key pair from `app_settings`, generating it on first start. Safe when several
 * nodes start together: the first insert wins and everyone reads it back.
 */
export async function loadRsaKey(database: Database): Promise<RsaKey> {
  const read = () =>
    queryRow<{ value: string }>(
      database,
      sql`SELECT value FROM app_settings WHERE key = ${rsaSettingKey}`,
    );
  let row = await read();
  if (row === undefined) {
    const pair = await generateRsaPem();
    const value = JSON.stringify({
      key_id: randomBytes(8).toString('hex'),
      public_pem: pair.publicKey,
      private_pem: pair.privateKey,
    });
    await database.db.execute(
      sql`INSERT INTO app_settings (key, value) VALUES (${rsaSettingKey}, ${value}) ON CONFLICT (key) DO NOTHING`,
    );
    row = await read();
  }
  if (row === undefined) throw new Error('The RSA key could not be read back');
  const stored = JSON.parse(row.value) as {
    key_id: string;
    public_pem: string;
    private_pem: string;
  };
  return {
    keyId: stored.key_id,
    publicPem: stored.public_pem,
    privateKey: createPrivateKey(stored.private_pem),
  };
}

/** Builds the {@link IdentityContext} of an app. */
export function createIdentityContext(options: {
  readonly database: Database;
  readonly clock: Clock;
  readonly config: Config;
  readonly mailer: Mailer;
}): IdentityContext {
  return {
    ...options,
    captchaDifficultyBits: options.config.env === 'test' ? 8 : 16,
    passwordHashCost: options.config.env === 'test' ? TEST_PASSWORD_HASH_COST : PASSWORD_HASH_COST,
    secret: memoise(() => resolveJwtSecret(options.database, options.config)),
    rsaKey: memoise(() => loadRsaKey(options.database)),
  };
}

/** Passwords: 8-64 characters with at least one letter and one digit. */
export const PASSWORD_RULE = 'Password must be 8-64 characters with letters and digits';

/**
 * Decrypts an RSA-OAEP (SHA-256) encrypted secret (login or pay password) of the client's
 * `encryptPassword`, without checking any rule. HTTP 400 code 40004 ("The publicKey is wrong")
 * naming `key_id` when the key id is stale, naming `field` when the text does not decrypt.
 */
export async function decryptSecret(
  context: IdentityContext,
  encrypted: string,
  keyId: string,
  field: string,
): Promise<string> {
  const key = await context.rsaKey();
  if (keyId !== key.keyId) {
    throw new HttpError(400, ERROR_CODES.publicKeyWrong, 'The publicKey is wrong', {
      fields: [{ field: 'key_id', message: 'The publicKey is wrong' }],
    });
  }
  try {
    return privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    ).toString('utf8');
  } catch {
    throw new HttpError(400, ERROR_CODES.publicKeyWrong, 'The publicKey is wrong', {
      fields: [{ field, message: 'The publicKey is wrong' }],
    });
  }
}

/**
 * Decrypts a new password ({@link decryptSecret}) and checks the password rule: HTTP 400 code
 * 40000 naming `field` when it breaks it.
 *
 * @param field - the request field that carries it. Default `password`.
 */
export async function decryptPassword(
  context: IdentityContext,
  encrypted: string,
  keyId: string,
  field = 'password',
): Promise<string> {
  const password = await decryptSecret(context, encrypted, keyId, field);
  if (
    password.length < 8 ||
    password.length > 64 ||
    !/[A-Za-z]/.test(password) ||
    !/\d/.test(password)
  ) {
    throw new HttpError(400, ERROR_CODES.validation, `${field}: ${PASSWORD_RULE}`, {
      fields: [{ field, message: PASSWORD_RULE }],
    });
  }
  return password;
}
