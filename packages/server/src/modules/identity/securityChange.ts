import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { SqlExecutor } from '../../engine/sql';
import { notifySettingUpdate } from '../notifications/messages';
import type { ChangedSetting } from '../notifications/texts';
import { addUserLog } from './users';

/**
 * A change to how a user signs in or to who may act for them (a passkey, an API key, an app
 * authorisation, the authenticator, the password). The user is told of each one twice: a setting
 * update in their message center, so a change they did not make stands out, and a line of their
 * security log with the address and browser it came from.
 */
export interface SecurityChange {
  readonly userId: string;
  /** The setting the message names. */
  readonly setting: ChangedSetting;
  /** The security log's action, e.g. `api_key_created`. */
  readonly action: string;
  readonly request: FastifyRequest;
}

/**
 * Runs `work` in one transaction together with the change's message, so the change and the
 * message are kept or neither is, then writes the security log line once it is committed.
 * `work` resolving `undefined` means nothing changed (a revocation of what is not there): no
 * message and no log line, and `undefined` is what this resolves too.
 */
export async function securityChangeIn<T>(
  context: AppContext,
  change: SecurityChange,
  work: (tx: SqlExecutor, nowMs: number) => Promise<T | undefined>,
): Promise<T | undefined> {
  const now = context.clock.now();
  const result = await context.database.db.transaction(async (tx) => {
    const done = await work(tx, now);
    if (done !== undefined) await notifySettingUpdate(tx, change.userId, change.setting, now);
    return done;
  });
  if (result !== undefined) {
    await addUserLog(context, change.userId, 'security', change.action, change.request);
  }
  return result;
}

/** Logs and announces a change already made on its own (one statement, no transaction). */
export async function recordSecurityChange(
  context: AppContext,
  change: SecurityChange,
): Promise<void> {
  await addUserLog(context, change.userId, 'security', change.action, change.request);
  await notifySettingUpdate(
    context.database.db,
    change.userId,
    change.setting,
    context.clock.now(),
  );
}
