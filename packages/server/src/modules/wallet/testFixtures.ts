/**
 * The setup the wallet's tests share: an app over its own test database (optionally with the
 * query hold of the race tests), the identity context that mints second validations, users and
 * their pay password, and the checks every money test ends with (a sound ledger, the pool's
 * balances). For tests only.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../app';
import { type AppContext, createAppContext } from '../../context';
import type { Database, DatabaseDriver } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { type HeldQuery, withQueryHold } from '../../testing/queryHold';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { hashPassword, TEST_PASSWORD_HASH_COST } from '../identity/crypto';
import { type ApiAnswer, callApi } from '../identity/testHelpers';
import { createTicket } from '../identity/users';
import { reconcileLedger } from './ledger';
import type { BalanceRow, IdRow } from './rows';

/** The pay password the tests' users set. */
export const PAY_PASSWORD = 'Pay123456';
/** A Bitcoin address the tests save and pay to. */
export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** An app on its own test database, with what the tests reach around it. */
export interface WalletTestApp {
  readonly database: Database;
  readonly app: FastifyInstance;
  /** The app context beside the app's, for tickets and services called directly. */
  readonly identity: AppContext;
  /** With `held`: holds the app's next query matching `pattern` (`withQueryHold`). */
  readonly holdNext: (pattern: RegExp) => HeldQuery;
  /** Closes the app, then the database. */
  close(): Promise<void>;
}

/**
 * Opens a test database and builds the app over it. `held` routes the app's queries through
 * `withQueryHold`, so a race test can stop one request at a chosen query.
 */
export async function openWalletApp(
  driver: DatabaseDriver,
  options: Omit<BuildAppOptions, 'config' | 'db'> & { readonly held?: boolean },
): Promise<WalletTestApp> {
  const { held: withHold = false, ...build } = options;
  const database = await openTestDatabase(driver);
  const held = withHold ? withQueryHold(database) : undefined;
  const app = await buildApp({ ...build, config: testConfig(), db: held?.database ?? database });
  const identity = createAppContext({
    database,
    clock: build.clock ?? app.platform.clock,
    config: testConfig(),
    mailer: { send: async () => {} },
  });
  return {
    database,
    app,
    identity,
    holdNext: (pattern) => {
      if (held === undefined) throw new Error('Open the app with `held: true` to hold queries');
      return held.holdNext(pattern);
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The id of the user named `username`. */
export async function userIdOf(database: Database, username: string): Promise<string> {
  const [row] = await queryRows<IdRow>(
    database.db,
    sql`SELECT id::text AS id FROM users WHERE username = ${username}`,
  );
  if (row === undefined) throw new Error(`no user ${username}`);
  return row.id;
}

/** Gives every user so far the pay password {@link PAY_PASSWORD}, as if each had set it. */
export async function setPayPasswords(database: Database): Promise<void> {
  const hash = await hashPassword(PAY_PASSWORD, TEST_PASSWORD_HASH_COST);
  await database.db.execute(sql`UPDATE users SET pay_password_hash = ${hash}`);
}

/** A fresh second validation of `scene` for the user, good for an hour. */
export async function validationOf(
  identity: AppContext,
  userId: string,
  scene: string,
): Promise<string> {
  return (await createTicket(identity, 'validation', userId, scene, 3_600_000)).token;
}

/** What the mining account named `account` holds of `coin` (in `bucket`, else in all). */
export async function accountBalance(
  database: Database,
  account: string,
  coin: string,
  bucket?: 'available' | 'frozen',
): Promise<Big> {
  const [row] = await queryRows<BalanceRow>(
    database.db,
    sql`SELECT COALESCE(sum(la.balance), 0)::text AS balance FROM ledger_accounts la
        JOIN mining_accounts ma ON ma.id = la.mining_account_id
        WHERE ma.name = ${account} AND la.coin = ${coin}
          ${bucket === undefined ? sql`` : sql`AND la.bucket = ${bucket}`}`,
  );
  return new Big(row?.balance ?? '0');
}

/** What the pool's system account `name` holds of `coin`. */
export async function systemBalance(
  database: Database,
  name: string,
  coin = 'btc',
): Promise<string> {
  const [row] = await queryRows<BalanceRow>(
    database.db,
    sql`SELECT COALESCE(sum(balance), 0)::text AS balance FROM ledger_accounts
        WHERE system_name = ${name} AND coin = ${coin}`,
  );
  return new Big(row?.balance ?? '0').toFixed();
}

/**
 * Expects a sound ledger: no balance that differs from its entries, no record whose entries do
 * not sum to zero, no balance below zero.
 */
export async function expectSoundLedger(database: Database): Promise<void> {
  const report = await reconcileLedger(database);
  expect(report.mismatchedBalances).toEqual([]);
  expect(report.unbalancedRecords).toEqual([]);
  expect(report.overdrawnBalances).toEqual([]);
  expect(report.ok).toBe(true);
}

/** The first page of the user's wallet lines (`GET /wallets/transactions`) for `query`. */
export async function transactionLines(
  app: FastifyInstance,
  token: string,
  query: Record<string, string>,
): Promise<ApiAnswer['data'][]> {
  const answer = await callApi(app, 'GET', '/wallets/transactions', { token, query });
  expect(answer.status).toBe(200);
  return answer.data.list;
}

/**
 * Sends one request twice at once, the repeat held at its look-up of the key's answer until the
 * first has run to its commit: both must answer 200 with the same answer (the first's).
 */
export async function expectRepeatAnsweredOnce(
  holdNext: WalletTestApp['holdNext'],
  send: () => Promise<ApiAnswer>,
): Promise<void> {
  const held = holdNext(/^SELECT endpoint, request_hash, response FROM idempotency_keys/);
  const repeat = send();
  await held.reached;
  const first = await send();
  held.release();
  const second = await repeat;
  expect(first.status, first.msg).toBe(200);
  expect(second.status, second.msg).toBe(200);
  expect(second.data).toEqual(first.data);
}

/** Adds a user (when new) with a mining account, straight into the tables; resolves its id. */
export async function addAccount(
  database: Database,
  user: string,
  account: string,
): Promise<string> {
  await database.db.execute(
    sql`INSERT INTO users (username, password_hash) VALUES (${user}, 'x') ON CONFLICT (username) DO NOTHING`,
  );
  const [row] = await queryRows<IdRow>(
    database.db,
    sql`INSERT INTO mining_accounts (user_id, name) SELECT id, ${account} FROM users
        WHERE username = ${user} RETURNING id::text AS id`,
  );
  if (row === undefined) throw new Error('no account');
  return row.id;
}
