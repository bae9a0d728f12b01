import { createPrivateKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/connect';
import { resolveJwtSecret } from './db/settings';
import { queryRow } from './db/sql';
import type { Mailer } from './mail/mailer';
import {
  PASSWORD_HASH_COST,
  type ScryptCost,
  TEST_PASSWORD_HASH_COST,
} from './modules/identity/crypto';

/**
 * The app context: what every module's services share (the database, the clock, the config, the
 * mailer, and the server's secrets). Built once by the app and handed to each module's routes
 * and jobs; modules import it from here, not from another module.
 */
/** The RSA key pair passwords are encrypted with (shared by every node through app_settings). */
export interface RsaKey {
  readonly keyId: string;
  readonly publicPem: string;
  readonly privateKey: KeyObject;
}

export interface AppContext {
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

/** Builds the {@link AppContext} of an app. */
export function createAppContext(options: {
  readonly database: Database;
  readonly clock: Clock;
  readonly config: Config;
  readonly mailer: Mailer;
}): AppContext {
  return {
    ...options,
    captchaDifficultyBits: options.config.env === 'test' ? 8 : 16,
    passwordHashCost: options.config.env === 'test' ? TEST_PASSWORD_HASH_COST : PASSWORD_HASH_COST,
    secret: memoise(() => resolveJwtSecret(options.database, options.config)),
    rsaKey: memoise(() => loadRsaKey(options.database)),
  };
}
