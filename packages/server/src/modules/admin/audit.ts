import { type SQL, sql } from 'drizzle-orm';
import type { AnswerOf } from '../../contract';
import { iso, isoSeconds } from '../../db/sql';
import { execute, queryRows, type SqlExecutor, toNumber } from '../../engine/sql';

/** A value of an entry's details (flat: core's `auditDetailValueSchema`). */
export type AuditDetail = string | number | boolean | null;

/** One operator action to record. */
export interface AuditRecord {
  /** The operator's user id. */
  readonly actorId: string;
  /** `<area>.<verb>`, e.g. `coupons.issue`. */
  readonly action: string;
  /** The kind of thing acted on, e.g. `coupon_batch`. */
  readonly targetType: string;
  /** Its id; `null` when the action has no single target. */
  readonly targetId: string | null;
  readonly details: Readonly<Record<string, AuditDetail>>;
  /** The client address the action came from (`request.ip`). */
  readonly ip: string | null;
  readonly nowMs: number;
}

/**
 * Writes one audit entry. Call it with the transaction of the action itself, so the action and
 * its entry are written together or not at all. The table refuses updates and deletes.
 */
export async function recordAudit(executor: SqlExecutor, record: AuditRecord): Promise<void> {
  await execute(
    executor,
    sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip, created_at)
        VALUES (${record.actorId}::bigint, ${record.action}, ${record.targetType},
                ${record.targetId}, ${JSON.stringify(record.details)}::jsonb,
                ${record.ip?.slice(0, 45) ?? null}, ${iso(record.nowMs)}::timestamptz)`,
  );
}

/** A page of the audit log as `GET /admin/audit-log` answers it. */
export type AuditLogAnswer = AnswerOf<'adminAuditLog'>;

/** The parsed query of `GET /admin/audit-log`. */
interface ParsedAuditLogQuery {
  readonly page: number;
  readonly page_size: number;
  readonly action?: string | undefined;
  readonly actor?: string | undefined;
}

/** A page of the audit log, newest first, filtered by action and operator user name. */
export async function readAuditLog(
  executor: SqlExecutor,
  query: ParsedAuditLogQuery,
): Promise<AuditLogAnswer> {
  const filters: SQL[] = [];
  if (query.action !== undefined) filters.push(sql`l.action = ${query.action}`);
  if (query.actor !== undefined) filters.push(sql`lower(u.username) = lower(${query.actor})`);
  const where = filters.length === 0 ? sql`` : sql`WHERE ${sql.join(filters, sql` AND `)}`;
  const [counted] = await queryRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM audit_log l JOIN users u ON u.id = l.actor_id ${where}`,
  );
  const rows = await queryRows<{
    id: string;
    actor: string;
    action: string;
    target_type: string;
    target_id: string | null;
    details: Record<string, AuditDetail> | string;
    ip: string | null;
    created_ms: number;
  }>(
    executor,
    sql`SELECT l.id::text AS id, u.username AS actor, l.action, l.target_type, l.target_id,
          l.details, l.ip, (extract(epoch from l.created_at) * 1000)::float8 AS created_ms
        FROM audit_log l JOIN users u ON u.id = l.actor_id ${where}
        ORDER BY l.created_at DESC, l.id DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      actor: row.actor,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      // node-postgres parses jsonb; keep a string answer working as well.
      details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
      ip: row.ip,
      created_at: isoSeconds(toNumber(row.created_ms)),
    })),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  };
}
