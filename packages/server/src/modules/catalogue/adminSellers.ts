import type { AdminSeller, AdminSellerList, sellerBodySchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES, endpoints } from '../../contract';
import { isUniqueViolation } from '../../db/errors';
import { queryRows, type SqlExecutor, toNullableNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { type AuditDetail, recordAudit } from '../admin/audit';
import { requireOperator } from '../admin/operators';
import { CATALOGUE_MACHINES, type CatalogueMachine } from './catalogueData';

type SellerInput = z.output<typeof sellerBodySchema>;

const MACHINES_BY_ID: ReadonlyMap<string, CatalogueMachine> = new Map(
  CATALOGUE_MACHINES.map((machine) => [machine.id, machine]),
);

function machineName(machine: CatalogueMachine): string {
  return `${machine.vendor} ${machine.model}`;
}

function fieldError(status: number, code: number, field: string, message: string): HttpError {
  return new HttpError(status, code, `${field}: ${message}`, { fields: [{ field, message }] });
}

/** 409 naming `store` when the unique (machine_id, store) refused the row. */
function storeTaken(error: unknown): HttpError | null {
  return isUniqueViolation(error)
    ? fieldError(
        409,
        ERROR_CODES.conflict,
        'store',
        'This machine already has a seller of this name',
      )
    : null;
}

function requireMachine(machineId: string): CatalogueMachine {
  const machine = MACHINES_BY_ID.get(machineId);
  if (machine === undefined) {
    throw fieldError(400, ERROR_CODES.validation, 'machine_id', 'No such machine in the catalogue');
  }
  return machine;
}

interface SellerRow extends Record<string, unknown> {
  id: string;
  machine_id: string;
  store: string;
  country_region: string;
  price: string | null;
  stock: unknown;
  url: string | null;
}

const sellerColumns = sql`id::text AS id, machine_id, store, country_region, price::text AS price,
  stock, url`;

function sellerAnswer(row: SellerRow): AdminSeller {
  const machine = MACHINES_BY_ID.get(row.machine_id);
  return {
    id: row.id,
    machine_id: row.machine_id,
    machine_name: machine === undefined ? row.machine_id : machineName(machine),
    store: row.store,
    country_region: row.country_region,
    price: row.price === null ? null : Number(row.price).toFixed(2),
    stock: toNullableNumber(row.stock),
    url: row.url === null || row.url === '' ? null : row.url,
  };
}

function auditDetails(seller: SellerInput): Record<string, AuditDetail> {
  return {
    machine_id: seller.machine_id,
    store: seller.store,
    country_region: seller.country_region,
    price: seller.price,
    stock: seller.stock,
    url: seller.url === '' ? null : seller.url,
  };
}

/** Every seller row (or one machine's), by machine and store, with the machines to pick. */
export async function listAdminSellers(
  db: SqlExecutor,
  machineId: string | undefined,
): Promise<AdminSellerList> {
  const filter =
    machineId === undefined || machineId === '' ? sql`` : sql`WHERE machine_id = ${machineId}`;
  const rows = await queryRows<SellerRow>(
    db,
    sql`SELECT ${sellerColumns} FROM catalogue_sellers ${filter} ORDER BY machine_id, store, id`,
  );
  return {
    list: rows.map(sellerAnswer),
    machines: CATALOGUE_MACHINES.map((machine) => ({ id: machine.id, name: machineName(machine) })),
  };
}

/**
 * The operators' calls on the Sales page's sellers (`/admin/sellers`): list, add, edit, delete,
 * each change audited (`sellers.create|update|delete`) in the transaction of the change.
 * `changed` runs after every change so the public catalogue answers see it at once.
 */
export function registerAdminSellers(app: FastifyInstance, changed: () => void): void {
  const { database, clock } = app.platform;

  registerEndpoint(app, endpoints.adminSellers, async ({ query }, { principal }) => {
    requireOperator(principal);
    return await listAdminSellers(database.db, query.machine_id);
  });

  registerEndpoint(app, endpoints.createSeller, async ({ body }, { principal, request }) => {
    const operatorId = requireOperator(principal);
    requireMachine(body.machine_id);
    const now = clock.now();
    try {
      const seller = await database.db.transaction(async (tx) => {
        const [row] = await queryRows<SellerRow>(
          tx,
          sql`INSERT INTO catalogue_sellers (machine_id, store, country_region, price, stock, url)
              VALUES (${body.machine_id}, ${body.store}, ${body.country_region},
                      ${body.price}::numeric, ${body.stock}::int, ${body.url === '' ? null : body.url})
              RETURNING ${sellerColumns}`,
        );
        if (row === undefined) throw new Error('The new seller was not returned');
        await recordAudit(tx, {
          actorId: operatorId,
          action: 'sellers.create',
          targetType: 'catalogue_seller',
          targetId: row.id,
          details: auditDetails(body),
          ip: request.ip,
          nowMs: now,
        });
        return sellerAnswer(row);
      });
      changed();
      return seller;
    } catch (error) {
      throw storeTaken(error) ?? error;
    }
  });

  registerEndpoint(
    app,
    endpoints.updateSeller,
    async ({ params, body }, { principal, request }) => {
      const operatorId = requireOperator(principal);
      requireMachine(body.machine_id);
      const now = clock.now();
      try {
        const seller = await database.db.transaction(async (tx) => {
          const [row] = await queryRows<SellerRow>(
            tx,
            sql`UPDATE catalogue_sellers SET machine_id = ${body.machine_id}, store = ${body.store},
                  country_region = ${body.country_region}, price = ${body.price}::numeric,
                  stock = ${body.stock}::int, url = ${body.url === '' ? null : body.url}
                WHERE id = ${params.id}::bigint
                RETURNING ${sellerColumns}`,
          );
          if (row === undefined) {
            throw fieldError(404, ERROR_CODES.notFound, 'id', 'No such seller');
          }
          await recordAudit(tx, {
            actorId: operatorId,
            action: 'sellers.update',
            targetType: 'catalogue_seller',
            targetId: row.id,
            details: auditDetails(body),
            ip: request.ip,
            nowMs: now,
          });
          return sellerAnswer(row);
        });
        changed();
        return seller;
      } catch (error) {
        throw storeTaken(error) ?? error;
      }
    },
  );

  registerEndpoint(app, endpoints.deleteSeller, async ({ params }, { principal, request }) => {
    const operatorId = requireOperator(principal);
    const now = clock.now();
    const answer = await database.db.transaction(async (tx) => {
      const [row] = await queryRows<SellerRow>(
        tx,
        sql`DELETE FROM catalogue_sellers WHERE id = ${params.id}::bigint
            RETURNING ${sellerColumns}`,
      );
      if (row === undefined) throw fieldError(404, ERROR_CODES.notFound, 'id', 'No such seller');
      await recordAudit(tx, {
        actorId: operatorId,
        action: 'sellers.delete',
        targetType: 'catalogue_seller',
        targetId: row.id,
        details: { machine_id: row.machine_id, store: row.store },
        ip: request.ip,
        nowMs: now,
      });
      return { id: row.id, deleted: true as const };
    });
    changed();
    return answer;
  });
}
