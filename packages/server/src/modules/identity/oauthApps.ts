/**
 * The apps (OAuth clients) PoolKit knows: their rows and answer, and the operators' register
 * (`GET/POST /admin/oauth-apps`, `DELETE /admin/oauth-apps/{client_id}`), every change of which
 * goes to the audit log. An app's secret is shown once, when it is made; only its hash is kept.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES, endpoints } from '../../contract';
import { iso, isoSeconds, queryRow, queryRows } from '../../db/sql';
import { badField } from '../../domain/errors';
import { queryRows as queryInTransaction } from '../../engine/sql';
import { registerEndpoint } from '../../http/registerEndpoint';
import { recordAudit } from '../admin/audit';
import { requireOperator } from '../admin/operators';
import { randomToken, sha256Hex } from './crypto';
import { jsonList, scopesOf } from './delegation';

export type AppRow = {
  readonly client_id: string;
  readonly name: string;
  readonly logo_url: string | null;
  readonly redirect_uris: string;
  readonly scopes: string;
  readonly secret_hash: string;
  readonly created_ms: number;
};

const appColumns = sql`client_id, name, logo_url, redirect_uris, scopes, secret_hash,
  (extract(epoch from created_at) * 1000)::float8 AS created_ms`;

function appAnswer(row: AppRow) {
  return {
    client_id: row.client_id,
    name: row.name,
    logo_url: row.logo_url,
    redirect_uris: jsonList(row.redirect_uris),
    scopes: scopesOf(row.scopes),
    created_at: isoSeconds(row.created_ms),
  };
}

/** A registered app that the operators have not removed. */
export async function findApp(context: AppContext, clientId: string): Promise<AppRow | undefined> {
  return queryRow<AppRow>(
    context.database,
    sql`SELECT ${appColumns} FROM oauth_apps WHERE client_id = ${clientId} AND deleted_at IS NULL`,
  );
}

/** Registers the operators' app register. */
export function registerOauthAppRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  registerEndpoint(app, endpoints.adminOauthApps, async (_input, { principal }) => {
    requireOperator(principal);
    const rows = await queryRows<AppRow>(
      database,
      sql`SELECT ${appColumns} FROM oauth_apps WHERE deleted_at IS NULL
          ORDER BY created_at DESC, client_id`,
    );
    return { list: rows.map(appAnswer) };
  });

  registerEndpoint(app, endpoints.createOauthApp, async ({ body }, { principal, request }) => {
    const operatorId = requireOperator(principal);
    const now = context.clock.now();
    const clientId = `app_${randomBytes(8).toString('hex')}`;
    const secret = randomToken('pcs_');
    const redirectUris = [...new Set(body.redirect_uris)];
    const scopes = [...new Set(body.scopes)];
    const row = await database.db.transaction(async (tx) => {
      const inserted = await queryInTransaction<AppRow>(
        tx,
        sql`INSERT INTO oauth_apps
            (client_id, name, logo_url, redirect_uris, scopes, secret_hash, created_by, created_at)
            VALUES (${clientId}, ${body.name}, ${body.logo_url}, ${JSON.stringify(redirectUris)},
                    ${JSON.stringify(scopes)}, ${sha256Hex(secret)}, ${operatorId}::bigint,
                    ${iso(now)}::timestamptz)
            RETURNING ${appColumns}`,
      );
      await recordAudit(tx, {
        actorId: operatorId,
        action: 'oauth_apps.create',
        targetType: 'oauth_app',
        targetId: clientId,
        details: {
          name: body.name,
          redirect_uris: redirectUris.join(' '),
          scopes: scopes.join(' '),
        },
        ip: request.ip,
        nowMs: now,
      });
      return inserted[0];
    });
    if (row === undefined) throw new Error('The new app was not returned');
    return { app: appAnswer(row), client_secret: secret };
  });

  registerEndpoint(app, endpoints.deleteOauthApp, async ({ params }, { principal, request }) => {
    const operatorId = requireOperator(principal);
    const now = context.clock.now();
    await database.db.transaction(async (tx) => {
      const rows = await queryInTransaction<{ name: string }>(
        tx,
        sql`UPDATE oauth_apps SET deleted_at = ${iso(now)}::timestamptz
            WHERE client_id = ${params.client_id} AND deleted_at IS NULL RETURNING name`,
      );
      if (rows.length === 0) badField('client_id', 'No such app', ERROR_CODES.notFound);
      await recordAudit(tx, {
        actorId: operatorId,
        action: 'oauth_apps.delete',
        targetType: 'oauth_app',
        targetId: params.client_id,
        details: { name: rows[0]?.name ?? '' },
        ip: request.ip,
        nowMs: now,
      });
    });
    return null;
  });
}
