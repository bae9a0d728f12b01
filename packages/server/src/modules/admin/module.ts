import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { registerEndpoint } from '../../http/registerEndpoint';
import { readAuditLog } from './audit';
import { requireOperator } from './operators';

/**
 * The operator console's calls (`/admin/…`, permission `admin.view`): the audit log. Every
 * operator action of any module writes its entry with `recordAudit` in the action's own
 * transaction; reads are not audited.
 */
export function registerAdminModule(app: FastifyInstance): void {
  const { database } = app.platform;

  registerEndpoint(app, endpoints.adminAuditLog, async ({ query }, { principal }) => {
    requireOperator(principal);
    return readAuditLog(database.db, query);
  });
}
