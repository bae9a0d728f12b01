/**
 * The withdrawal tests' world: an app whose chain is the demo chain, failing every payment to
 * {@link FAILING_ADDRESS} and able to crash right after a broadcast; three users (alice, bob and
 * the operator staff), and helpers to fund them, read their balances and build withdrawal
 * bodies. For tests only.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../clock';
import type { DatabaseDriver } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { creditTestIncome } from '../../testing/testIncome';
import { grantOperator } from '../admin/operators';
import type { ChainAdapter } from '../chain/chainAdapter';
import { createDemoChain } from '../chain/demoChain';
import { callApi, encrypted, loginByEmail, registerByEmail } from '../identity/testHelpers';
import type { IdRow } from './rows';
import {
  BTC_ADDRESS,
  openWalletApp,
  PAY_PASSWORD,
  setPayPasswords,
  userIdOf,
  validationOf,
  type WalletTestApp,
} from './testFixtures';

/** The demo chain of these tests fails every payment to this address. */
export const FAILING_ADDRESS = 'bc1qfailfailfailfailfailfailfailfailfail0';

const USERS = [
  { name: 'alice01', email: 'alice@example.com', ip: '10.6.0.1' },
  { name: 'bob00001', email: 'bob@example.com', ip: '10.6.0.2' },
  { name: 'staff001', email: 'staff@example.com', ip: '10.6.0.3' },
] as const;

/** The users of the testbed. */
export type TestbedUser = (typeof USERS)[number]['name'];

/** The world of a withdrawal test; {@link openWithdrawalTestbed} makes it. */
export interface WithdrawalTestbed extends WalletTestApp {
  /** The chain the app pays through. */
  readonly chain: ChainAdapter;
  /** When set, the app's chain sends the payment and then throws, as a crash would. */
  crashAfterBroadcast: boolean;
  /** Each user's session token (new after {@link WithdrawalTestbed.signInAgain}). */
  readonly tokens: Record<TestbedUser, string>;
  readonly ids: Record<TestbedUser, string>;
  /** Alice's saved BTC address (once saved) and her address the chain fails. */
  btcAddressId: string;
  failingAddressId: string;
  /** Signs everyone in again (sessions end when a test moves the clock by a day). */
  signInAgain(): Promise<void>;
  validation(user: TestbedUser, scene: string): Promise<string>;
  fund(user: TestbedUser, amount: string): Promise<void>;
  /** The user's BTC balance row of `GET /wallets/balances`. */
  balances(user: TestbedUser): Promise<{ available: string; frozen: string }>;
  /** A withdrawal body of alice's: 0.01 BTC to her saved address, with `fields` over it. */
  withdrawBody(
    fields: Record<string, string>,
    options?: { user?: TestbedUser; password?: string; validationToken?: string },
  ): Promise<Record<string, string>>;
  /** Saves, straight into the table, an address of alice's; resolves its id. */
  saveAddress(address: string, alias: string): Promise<string>;
  /**
   * Readies alice to withdraw without the checks of the address book: her BTC address and the
   * failing one saved, everyone's pay password set, 1 BTC funded.
   */
  readyAlice(): Promise<void>;
}

/** Opens the testbed: the app on its own database, the users registered, staff an operator. */
export async function openWithdrawalTestbed(
  driver: DatabaseDriver,
  clock: Clock,
): Promise<WithdrawalTestbed> {
  let demo: ChainAdapter | undefined;
  const chain: ChainAdapter = {
    name: 'demo',
    async broadcast(payment, nowMs) {
      if (demo === undefined) throw new Error('The testbed is not open yet');
      const sent = await demo.broadcast(payment, nowMs);
      if (bed.crashAfterBroadcast) throw new Error('crashed after the broadcast');
      return sent;
    },
    status: (txId, nowMs) => {
      if (demo === undefined) throw new Error('The testbed is not open yet');
      return demo.status(txId, nowMs);
    },
  };
  const opened = await openWalletApp(driver, { clock, chain });
  const { app, database, identity } = opened;
  demo = createDemoChain(database, { fails: (payment) => payment.address === FAILING_ADDRESS });
  const tokens = {} as Record<TestbedUser, string>;
  const ids = {} as Record<TestbedUser, string>;
  for (const user of USERS) {
    tokens[user.name] = (
      await registerByEmail(app, user.name, user.email, 'Secret123', user.ip)
    ).token;
    ids[user.name] = await userIdOf(database, user.name);
  }
  await grantOperator(database.db, ids.staff001, null, clock.now());

  const bed: WithdrawalTestbed = {
    ...opened,
    chain,
    crashAfterBroadcast: false,
    tokens,
    ids,
    btcAddressId: '',
    failingAddressId: '',
    async signInAgain() {
      for (const user of USERS) {
        tokens[user.name] = (await loginByEmail(app, user.email, 'Secret123', user.ip)).data.token;
      }
    },
    validation: (user, scene) => validationOf(identity, ids[user], scene),
    fund: (user, amount) => creditTestIncome(database, user, 'btc', amount, clock.now()),
    async balances(user) {
      const answer = await callApi(app, 'GET', '/wallets/balances', { token: tokens[user] });
      return answer.data.list.find((row: { coin: string }) => row.coin === 'btc');
    },
    async withdrawBody(fields, options = {}) {
      const secret = await encrypted(app, options.password ?? PAY_PASSWORD);
      return {
        coin: 'btc',
        address_id: bed.btcAddressId,
        amount: '0.01',
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token:
          options.validationToken ?? (await bed.validation(options.user ?? 'alice01', 'withdraw')),
        idempotency_key: randomUUID(),
        ...fields,
      };
    },
    async saveAddress(address, alias) {
      const [row] = await queryRows<IdRow>(
        database.db,
        sql`INSERT INTO withdraw_addresses (user_id, coin, alias, address, created_at)
            VALUES (${ids.alice01}::bigint, 'btc', ${alias}, ${address}, now())
            RETURNING id::text AS id`,
      );
      return row?.id ?? '';
    },
    async readyAlice() {
      bed.btcAddressId = await bed.saveAddress(BTC_ADDRESS, 'Cold wallet');
      bed.failingAddressId = await bed.saveAddress(FAILING_ADDRESS, 'Broken');
      await setPayPasswords(database);
      await bed.fund('alice01', '1');
    },
  };
  return bed;
}

/**
 * Opens a testbed before the suite's tests and closes it after them (call it in a `describe`);
 * `ready` readies alice first ({@link WithdrawalTestbed.readyAlice}). Resolves the open testbed
 * when called from a test.
 */
export function useWithdrawalTestbed(
  driver: DatabaseDriver,
  clock: Clock,
  options: { readonly ready?: boolean } = {},
): () => WithdrawalTestbed {
  let bed: WithdrawalTestbed | undefined;
  beforeAll(async () => {
    bed = await openWithdrawalTestbed(driver, clock);
    if (options.ready === true) await bed.readyAlice();
  });
  afterAll(async () => {
    await bed?.close();
  });
  return () => {
    if (bed === undefined) throw new Error('The testbed opens before the tests');
    return bed;
  };
}
