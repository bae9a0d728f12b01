import { type SQL, sql } from 'drizzle-orm';
import { iso } from '../../db/sql';
import { queryRows, type SqlExecutor } from '../../engine/sql';
import {
  type CredentialCheck,
  credentialKey,
  type PrincipalCredential,
} from '../../http/authenticate';

/**
 * The identity module's {@link CredentialCheck}: which of `credentials` still work at `nowMs`,
 * by the rules of the verifiers that made them (`sessions.ts`, `apiKeys.ts`,
 * `oauthTokens.ts`):
 *
 * - a session: its token family is not revoked (logout, password change, password reset,
 *   cancellation, a refresh token used twice) and its user is active. Its access token's own
 *   expiry travels with the credential (`expiresAt`) and is the caller's to compare;
 * - an API key: not revoked, not expired, its user active;
 * - an app's access token: not expired, its authorisation not revoked, the app not deleted, the
 *   user active;
 * - an observer link's token: the link not deleted nor expired, the account's user active.
 *
 * One query for all of them (a `UNION ALL` of the kinds present, each an indexed lookup by
 * primary key or unique hash), however many streams hold them: the live hub calls it once per
 * cadence for every open stream of the node. Resolves the {@link credentialKey}s that work.
 */
export function createCredentialCheck(executor: SqlExecutor): CredentialCheck {
  return async (credentials, nowMs) => {
    const byType = new Map<PrincipalCredential['type'], Set<string>>();
    for (const credential of credentials) {
      let ids = byType.get(credential.type);
      if (ids === undefined) {
        ids = new Set();
        byType.set(credential.type, ids);
      }
      ids.add(credential.id);
    }
    const now = sql`${iso(nowMs)}::timestamptz`;
    const list = (ids: Set<string>, cast?: 'bigint') =>
      sql.join(
        [...ids].map((id) => (cast === undefined ? sql`${id}` : sql`${id}::bigint`)),
        sql`, `,
      );
    const parts: SQL[] = [];
    const sessions = byType.get('session');
    if (sessions !== undefined) {
      parts.push(sql`SELECT 'session' AS type, f.id AS id
        FROM token_families f JOIN users u ON u.id = f.user_id
        WHERE f.id IN (${list(sessions)}) AND f.revoked_at IS NULL AND u.status = 'active'`);
    }
    const keys = byType.get('api_key');
    if (keys !== undefined) {
      // Ids of API keys are numbers; anything else is no key of ours.
      const numeric = new Set([...keys].filter((id) => /^\d{1,18}$/.test(id)));
      if (numeric.size > 0) {
        parts.push(sql`SELECT 'api_key' AS type, k.id::text AS id
          FROM api_keys k JOIN users u ON u.id = k.user_id
          WHERE k.id IN (${list(numeric, 'bigint')}) AND k.revoked_at IS NULL
            AND (k.expires_at IS NULL OR k.expires_at > ${now}) AND u.status = 'active'`);
      }
    }
    const appTokens = byType.get('oauth_token');
    if (appTokens !== undefined) {
      parts.push(sql`SELECT 'oauth_token' AS type, t.token_hash AS id
        FROM oauth_tokens t
        JOIN oauth_grants g ON g.id = t.grant_id
        JOIN oauth_apps p ON p.client_id = g.client_id
        JOIN users u ON u.id = g.user_id
        WHERE t.token_hash IN (${list(appTokens)}) AND t.kind = 'access'
          AND t.expires_at > ${now} AND g.revoked_at IS NULL AND p.deleted_at IS NULL
          AND u.status = 'active'`);
    }
    const links = byType.get('observer_link');
    if (links !== undefined) {
      parts.push(sql`SELECT 'observer_link' AS type, o.token_hash AS id
        FROM observer_links o
        JOIN mining_accounts a ON a.id = o.account_id
        JOIN users u ON u.id = a.user_id
        WHERE o.token_hash IN (${list(links)}) AND o.deleted_at IS NULL
          AND (o.expires_at IS NULL OR o.expires_at > ${now}) AND u.status = 'active'`);
    }
    if (parts.length === 0) return new Set();
    const rows = await queryRows<{ type: PrincipalCredential['type']; id: string }>(
      executor,
      sql.join(parts, sql` UNION ALL `),
    );
    return new Set(rows.map((row) => credentialKey(row)));
  };
}
