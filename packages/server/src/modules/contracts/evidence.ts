/**
 * Payment evidence of contract orders paid by transfer (spec section 3): the user uploads
 * images or PDFs of the transfer, which sends the order to the operator's review; the owner and
 * operators read them back.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MAX_CERTIFICATE_BYTES } from '../../contract';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { badField } from '../../domain/errors';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { type EvidenceStore, matchesContentType } from './evidenceStore';
import { type CertificateUrl, type OrderAnswer, readOrder, readOrderRow } from './orders';
import { ID_PATTERN } from './shared';

/** Most evidence files an order keeps. */
export const MAX_CERTIFICATES_PER_ORDER = 5;

/** One uploaded file (core's `certificateFileSchema`, parsed). */
export interface CertificateUpload {
  readonly file_name: string;
  readonly content_type: string;
  readonly data: string;
}

/**
 * Stores payment evidence of an order paid by transfer and sends the order to `review`.
 * Each file must be at most 5 MiB decoded and really be the PNG, JPEG, WebP or PDF it claims
 * (its first bytes); an order keeps at most 5 files. Allowed while the order is `unpaid`
 * within its 2 hours, or already in `review` (to add a file). The files are written to the
 * store first and removed again when the order refuses them.
 */
export async function uploadCertificates(
  database: Database,
  store: EvidenceStore,
  input: {
    readonly userId: string;
    readonly orderId: string;
    readonly files: readonly CertificateUpload[];
    readonly certificateUrl: CertificateUrl;
    readonly nowMs: number;
  },
): Promise<OrderAnswer> {
  const { nowMs } = input;
  if (input.files.length === 0) badField('files', 'Payment-evidence upload requires documents');
  await readOrderRow(database.db, input.orderId, input.userId);
  const decoded = input.files.map((file, index) => {
    const bytes = new Uint8Array(Buffer.from(file.data, 'base64'));
    if (bytes.byteLength === 0 || bytes.byteLength > MAX_CERTIFICATE_BYTES) {
      badField(`files.${index}.data`, 'A file is at most 5 MiB');
    }
    if (!matchesContentType(file.content_type, bytes)) {
      badField(`files.${index}.content_type`, 'The file is not the image or PDF it claims');
    }
    return { ...file, bytes, key: `${input.orderId}/${randomUUID()}` };
  });
  for (const file of decoded) await store.put(file.key, file.bytes);
  try {
    await database.db.transaction(async (tx) => {
      const [order] = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE contract_orders SET status = 'review', pay_method = 'transfer'
            WHERE id = ${input.orderId}::bigint AND user_id = ${input.userId}::bigint
              AND (status = 'review'
                OR (status = 'unpaid' AND pay_deadline > ${iso(nowMs)}::timestamptz))
            RETURNING id::text AS id`,
      );
      if (order === undefined) badField('order_id', 'This order is not waiting for payment');
      const [counted] = await queryRows<{ count: unknown }>(
        tx,
        sql`SELECT count(*)::int AS count FROM contract_certificates
            WHERE order_id = ${order.id}::bigint`,
      );
      if (toNumber(counted?.count ?? 0) + decoded.length > MAX_CERTIFICATES_PER_ORDER) {
        badField('files', `An order keeps at most ${MAX_CERTIFICATES_PER_ORDER} files`);
      }
      for (const file of decoded) {
        await queryRows(
          tx,
          sql`INSERT INTO contract_certificates (order_id, file_name, content_type, size_bytes,
                storage_key, created_at)
              VALUES (${order.id}::bigint, ${file.file_name}, ${file.content_type},
                ${file.bytes.byteLength}, ${file.key}, ${iso(nowMs)}::timestamptz)
              RETURNING id`,
        );
      }
    });
  } catch (error) {
    for (const file of decoded) await store.delete(file.key).catch(() => undefined);
    throw error;
  }
  return readOrder(database.db, input.userId, input.orderId, input.certificateUrl, nowMs);
}

/** One stored evidence file of an order, for its owner or an operator. */
export async function readCertificate(
  executor: SqlExecutor,
  store: EvidenceStore,
  input: { orderId: string; certificateId: string; userId: string | null },
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string } | undefined> {
  if (!ID_PATTERN.test(input.orderId) || !ID_PATTERN.test(input.certificateId)) {
    return undefined;
  }
  const owner = input.userId === null ? sql`` : sql`AND o.user_id = ${input.userId}::bigint`;
  const [row] = await queryRows<{ storage_key: string; content_type: string; file_name: string }>(
    executor,
    sql`SELECT c.storage_key, c.content_type, c.file_name FROM contract_certificates c
        JOIN contract_orders o ON o.id = c.order_id
        WHERE c.id = ${input.certificateId}::bigint AND o.id = ${input.orderId}::bigint ${owner}`,
  );
  if (row === undefined) return undefined;
  const bytes = await store.get(row.storage_key);
  return bytes === undefined
    ? undefined
    : { bytes, contentType: row.content_type, fileName: row.file_name };
}
