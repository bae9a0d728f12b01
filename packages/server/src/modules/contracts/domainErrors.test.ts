/**
 * The contracts domain refuses with domain errors, not HTTP ones: the request pipeline gives
 * them their status, a job logs them. Each refusal here comes before any query, so the
 * database is one that fails when touched.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect';
import { DomainError } from '../../domain/errors';
import type { SqlExecutor } from '../../engine/sql';
import { uploadCertificates } from './evidence';
import type { EvidenceStore } from './evidenceStore';
import { readOrder } from './orders';
import { createProduct, readProduct } from './products';

/** Anything that must not be used: every property read throws. */
function untouchable<T>(): T {
  return new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`touched ${String(property)}`);
      },
    },
  ) as T;
}

const certificateUrl = (orderId: string, certificateId: string) =>
  `http://localhost/api/contracts/orders/${orderId}/certificates/${certificateId}`;

describe('contracts domain errors', () => {
  it('should refuse an unknown product id with a 404 domain error naming id', async () => {
    const refusal = readProduct(untouchable<SqlExecutor>(), 'abc', 0, undefined);
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toMatchObject({
      code: 40400,
      status: 404,
      fields: [{ field: 'id', message: 'No such product' }],
    });
  });

  it('should refuse an unknown order id with a 404 domain error naming order_id', async () => {
    const refusal = readOrder(untouchable<SqlExecutor>(), '1', 'x', certificateUrl, 0);
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toMatchObject({
      status: 404,
      fields: [{ field: 'order_id', message: 'No such order' }],
    });
  });

  it('should refuse a product priced at 0 with a 400 domain error naming price', async () => {
    const refusal = createProduct(
      untouchable<Database>(),
      {
        operatorId: '1',
        product: {
          name: 'S21 BTC 3 days',
          coin: 'btc',
          miner: 'Antminer S21',
          power: 200e12,
          price: '0',
          electricity_fee: '0.00001',
          management_fee_percent: '5',
          duration_days: 3,
          effective_delay_days: 1,
          inventory: 10,
          pay_address: 'bc1qpoolkitcontracts',
          terms: { en: 'T', 'zh-CN': 'T', ru: 'T', ja: 'T', ko: 'T' },
          on_sale: true,
        },
        ip: null,
        nowMs: 0,
      },
      undefined,
    );
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toMatchObject({
      code: 40000,
      status: 400,
      message: 'price: The price must be above 0',
      fields: [{ field: 'price', message: 'The price must be above 0' }],
    });
  });

  it('should refuse an upload without files with a 400 domain error naming files', async () => {
    const refusal = uploadCertificates(untouchable<Database>(), untouchable<EvidenceStore>(), {
      userId: '1',
      orderId: '1',
      files: [],
      certificateUrl,
      nowMs: 0,
    });
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toMatchObject({ status: 400, fields: [{ field: 'files' }] });
  });
});
