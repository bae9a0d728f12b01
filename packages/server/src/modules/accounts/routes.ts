import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { endpoints } from '../../contract';
import { isUniqueViolation } from '../../db/errors';
import { iso, isoSeconds, queryRow, queryRows } from '../../db/sql';
import { badField, notFound } from '../../domain/errors';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { deriveKey, openText, randomToken, sealText, sha256Hex } from '../identity/crypto';
import { permissionLevel } from '../identity/permissions';
import { conflict, signInRequired } from '../identity/refusals';
import { OBSERVER_TOKEN_PREFIX } from '../identity/sessions';
import { addUserLog } from '../identity/users';

/** A mining account row as the account services read it. */
export interface AccountRow {
  readonly id: string;
  readonly name: string;
  readonly is_main: boolean;
  readonly permission: string;
  readonly status: string;
  readonly created_ms: number;
  readonly current?: boolean;
}

const accountColumns = sql`a.id::text AS id, a.name, a.is_main, a.permission, a.status,
  (extract(epoch from a.created_at) * 1000)::float8 AS created_ms`;

/** The wire form of a mining account (`subAccountSchema`). */
export function accountAnswer(row: AccountRow) {
  return {
    name: row.name,
    created_at: isoSeconds(row.created_ms),
    status: row.status === 'abnormal' ? ('abnormal' as const) : ('normal' as const),
    permission: permissionLevel(row.permission),
    main: row.is_main,
    current: row.current ?? false,
  };
}

/** One of the user's mining accounts by name; HTTP 404 code 40400 when it is not theirs. */
export async function findOwnAccount(
  context: AppContext,
  userId: string,
  name: string,
): Promise<AccountRow> {
  const row = await queryRow<AccountRow>(
    context.database,
    sql`SELECT ${accountColumns} FROM mining_accounts a WHERE a.user_id = ${userId}::bigint AND a.name = ${name}`,
  );
  if (row === undefined) notFound('account', 'No such mining account');
  return row;
}

/** How long each observer-link expiry lasts; `null` is forever. */
const OBSERVER_EXPIRY_MS = {
  one_day: 24 * 3_600_000,
  one_week: 7 * 24 * 3_600_000,
  one_month: 30 * 24 * 3_600_000,
  forever: null,
} as const;

interface ObserverRow {
  readonly id: string;
  readonly nickname: string;
  readonly expiry: 'one_day';
  readonly expires_ms: number | null;
  readonly token_encrypted: string;
  readonly pools: string;
  readonly created_ms: number;
}

/** The site's origin as the request shows it (behind a proxy: with `TRUST_PROXY`). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Registers `GET/POST /accounts`, `PUT /accounts/{account}` and the observer-link calls. */
export function registerAccountRoutes(app: FastifyInstance, context: AppContext): void {
  const tokenKey = async () => deriveKey(await context.secret(), 'observer-token');

  function observerAnswer(row: ObserverRow, key: Buffer, origin: string) {
    const token = openText(key, row.token_encrypted);
    return {
      id: row.id,
      nickname: row.nickname,
      expiry: row.expiry,
      expires_at: row.expires_ms === null ? null : isoSeconds(row.expires_ms),
      token,
      url: `${origin}/observer_redirect?observer_token=${encodeURIComponent(token)}`,
      pools: JSON.parse(row.pools) as string[],
      created_at: isoSeconds(row.created_ms),
    };
  }

  registerEndpoint(app, endpoints.accounts, async (_input, { principal }) => {
    if (principal === null) signInRequired();
    const rows = await queryRows<AccountRow>(
      context.database,
      principal.kind === 'observer'
        ? sql`SELECT ${accountColumns}, false AS current FROM mining_accounts a
              WHERE a.user_id = ${principal.userId}::bigint AND a.name = ${principal.observerAccount ?? ''}`
        : sql`SELECT ${accountColumns}, (u.current_account_id = a.id) AS current
              FROM mining_accounts a JOIN users u ON u.id = a.user_id
              WHERE a.user_id = ${principal.userId}::bigint
              ORDER BY a.is_main DESC, a.created_at, a.id`,
    );
    return { list: rows.map(accountAnswer) };
  });

  registerEndpoint(app, endpoints.createSubAccount, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const message = 'This account name is already taken';
    const existing = await queryRow<{ id: string }>(
      context.database,
      sql`SELECT id::text AS id FROM mining_accounts WHERE lower(name) = lower(${body.name})`,
    );
    if (existing !== undefined) conflict('name', message);
    let row: AccountRow | undefined;
    try {
      row = await queryRow<AccountRow>(
        context.database,
        sql`INSERT INTO mining_accounts AS a (user_id, name, permission, is_main, created_at)
            VALUES (${userId}::bigint, ${body.name}, ${body.permission}, false,
                    ${iso(context.clock.now())}::timestamptz)
            RETURNING ${accountColumns}`,
      );
    } catch (error) {
      if (isUniqueViolation(error)) conflict('name', message);
      throw error;
    }
    if (row === undefined) throw new Error('The new account was not returned');
    await addUserLog(context, userId, 'operation', 'sub_account_created', request);
    return accountAnswer(row);
  });

  registerEndpoint(app, endpoints.updateSubAccount, async ({ params, body }, { principal }) => {
    const userId = userOf(principal);
    const account = await findOwnAccount(context, userId, params.account);
    if (account.is_main) {
      badField('account', "The main account's permission cannot change");
    }
    await context.database.db.execute(
      sql`UPDATE mining_accounts SET permission = ${body.permission} WHERE id = ${account.id}::bigint`,
    );
    const current = await queryRow<{ current: boolean }>(
      context.database,
      sql`SELECT current_account_id = ${account.id}::bigint AS current FROM users WHERE id = ${userId}::bigint`,
    );
    return accountAnswer({
      ...account,
      permission: body.permission,
      current: current?.current === true,
    });
  });

  registerEndpoint(app, endpoints.observerLinks, async ({ params }, { principal, request }) => {
    const account = await findOwnAccount(context, userOf(principal), params.account);
    const rows = await queryRows<ObserverRow>(
      context.database,
      sql`SELECT id::text AS id, nickname, expiry, token_encrypted, pools,
            (extract(epoch from expires_at) * 1000)::float8 AS expires_ms,
            (extract(epoch from created_at) * 1000)::float8 AS created_ms
          FROM observer_links WHERE account_id = ${account.id}::bigint AND deleted_at IS NULL
          ORDER BY observer_links.created_at DESC, observer_links.id DESC`,
    );
    const key = await tokenKey();
    return { list: rows.map((row) => observerAnswer(row, key, originOf(request))) };
  });

  registerEndpoint(
    app,
    endpoints.createObserverLink,
    async ({ params, body }, { principal, request }) => {
      const userId = userOf(principal);
      const account = await findOwnAccount(context, userId, params.account);
      const now = context.clock.now();
      const lifetime = OBSERVER_EXPIRY_MS[body.expiry];
      const token = randomToken(OBSERVER_TOKEN_PREFIX);
      const key = await tokenKey();
      const row = await queryRow<ObserverRow>(
        context.database,
        sql`INSERT INTO observer_links
            (account_id, nickname, expiry, expires_at, token_hash, token_encrypted, pools, created_at)
          VALUES (${account.id}::bigint, ${body.nickname}, ${body.expiry},
                  ${lifetime === null ? null : iso(now + lifetime)}::timestamptz, ${sha256Hex(token)},
                  ${sealText(key, token)}, ${JSON.stringify([...new Set(body.pools)])}, ${iso(now)}::timestamptz)
          RETURNING id::text AS id, nickname, expiry, token_encrypted, pools,
            (extract(epoch from expires_at) * 1000)::float8 AS expires_ms,
            (extract(epoch from created_at) * 1000)::float8 AS created_ms`,
      );
      if (row === undefined) throw new Error('The new observer link was not returned');
      await addUserLog(context, userId, 'operation', 'observer_link_created', request);
      return observerAnswer(row, key, originOf(request));
    },
  );

  registerEndpoint(
    app,
    endpoints.deleteObserverLink,
    async ({ params }, { principal, request }) => {
      const userId = userOf(principal);
      const account = await findOwnAccount(context, userId, params.account);
      const rows = await queryRows<{ id: string }>(
        context.database,
        sql`UPDATE observer_links SET deleted_at = ${iso(context.clock.now())}::timestamptz
          WHERE account_id = ${account.id}::bigint AND id::text = ${params.id} AND deleted_at IS NULL
          RETURNING id::text AS id`,
      );
      if (rows.length === 0) notFound('id', 'No such observer link');
      await addUserLog(context, userId, 'operation', 'observer_link_deleted', request);
      return null;
    },
  );
}
