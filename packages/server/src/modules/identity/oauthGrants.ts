/**
 * A user's app authorisations (grants): the list on the account page
 * (`GET /users/oauth-grants`) and their revocation, which ends the app's tokens at once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { endpoints } from '../../contract';
import { isoSeconds, queryRows } from '../../db/sql';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { namesOf, revokeOwnDelegation, scopesOf } from './delegation';

/** Registers the user's list of app authorisations and their revocation. */
export function registerOauthGrantRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(app, endpoints.oauthGrants, async (_input, { principal }) => {
    const userId = userOf(principal);
    const rows = await queryRows<{
      id: string;
      client_id: string;
      name: string;
      logo_url: string | null;
      scopes: string;
      accounts: string | null;
      created_ms: number;
      last_used_ms: number | null;
    }>(
      context.database,
      sql`SELECT g.id::text AS id, g.client_id, p.name, p.logo_url, g.scopes,
            (SELECT string_agg(a.name, ',' ORDER BY a.name) FROM oauth_grant_accounts ga
               JOIN mining_accounts a ON a.id = ga.account_id WHERE ga.grant_id = g.id) AS accounts,
            (extract(epoch from g.created_at) * 1000)::float8 AS created_ms,
            (extract(epoch from g.last_used_at) * 1000)::float8 AS last_used_ms
          FROM oauth_grants g JOIN oauth_apps p ON p.client_id = g.client_id
          WHERE g.user_id = ${userId}::bigint AND g.revoked_at IS NULL AND p.deleted_at IS NULL
          ORDER BY g.created_at DESC, g.id DESC`,
    );
    return {
      list: rows.map((row) => ({
        id: row.id,
        client_id: row.client_id,
        name: row.name,
        logo_url: row.logo_url,
        scopes: scopesOf(row.scopes),
        accounts: namesOf(row.accounts),
        created_at: isoSeconds(row.created_ms),
        last_used_at: row.last_used_ms === null ? null : isoSeconds(row.last_used_ms),
      })),
    };
  });

  registerEndpoint(app, endpoints.revokeOauthGrant, async ({ params }, { principal, request }) => {
    const userId = userOf(principal);
    const change = { userId, setting: 'oauthApp', action: 'oauth_app_revoked', request } as const;
    await revokeOwnDelegation(
      context,
      'oauth_grants',
      params.id,
      change,
      'No such app authorisation',
    );
    return null;
  });
}
