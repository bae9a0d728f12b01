import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { endpoints, MAX_CERTIFICATE_BYTES } from '../../contract';
import { registerEndpoint } from '../../http/registerEndpoint';
import { serveUploadedFile } from '../../http/serveUploadedFile';
import { userOf } from '../../http/userOf';
import { requireOperator } from '../admin/operators';
import type { PriceService } from '../prices/service';
import { verifyPayPassword } from '../wallet/payPassword';
import { advanceOrders } from './crediting';
import { seedDemoContracts } from './demo';
import { MAX_CERTIFICATES_PER_ORDER, readCertificate, uploadCertificates } from './evidence';
import { createFileEvidenceStore, type EvidenceStore } from './evidenceStore';
import {
  type CertificateUrl,
  cancelExpiredOrders,
  cancelOrder,
  createOrder,
  readOrder,
  readOrders,
} from './orders';
import { payOrderFromWallet } from './payment';
import {
  createProduct,
  readAdminProducts,
  readProduct,
  readProducts,
  updateProduct,
} from './products';
import { readDashboard, readOrderProfits } from './reports';
import { readAdminOrders, reviewOrder } from './review';

/**
 * Where the answer's certificate links point: the evidence file route below, on this server as
 * the caller reached it.
 */
function certificateUrlOf(request: FastifyRequest): CertificateUrl {
  const baseUrl = `${request.protocol}://${request.host}`;
  return (orderId, certificateId) =>
    `${baseUrl}/api/contracts/orders/${orderId}/certificates/${certificateId}`;
}

/** Base64 of every file an upload may carry, plus room for names and JSON. */
const UPLOAD_BODY_LIMIT =
  Math.ceil((MAX_CERTIFICATE_BYTES * MAX_CERTIFICATES_PER_ORDER) / 3) * 4 + 65_536;

/** Options of {@link registerContractModule}. */
export interface ContractModuleOptions {
  /** Where evidence files go. Default: `<dataDir>/contract-evidence` on disk. */
  readonly evidenceStore?: EvidenceStore;
}

/**
 * Cloud-mining contracts (spec sections 2-5, 9; `orders.ts` tells the order's life): the
 * product and order calls of core's `cloudContracts` group, the operator's product management
 * and evidence review under `/admin/contracts` (audited), the evidence files behind
 * `GET /api/contracts/orders/{order_id}/certificates/{certificate_id}` (the owner or an
 * operator), and a minute job, once across nodes, that cancels orders unpaid for 2 hours,
 * starts orders on their effective date, credits each mining day and finishes orders.
 */
export function registerContractModule(
  app: FastifyInstance,
  identity: AppContext,
  prices: PriceService,
  options: ContractModuleOptions = {},
): void {
  const { database, clock, config } = app.platform;
  const store =
    options.evidenceStore ??
    createFileEvidenceStore(path.join(config.dataDir, 'contract-evidence'));
  const snapshot = () => prices.current().catch(() => undefined);

  registerEndpoint(app, endpoints.contractProducts, async ({ query }) =>
    readProducts(database.db, query, clock.now(), await snapshot()),
  );
  // The same list for visitors: the Sales page shows what is on sale without signing in.
  registerEndpoint(app, endpoints.saleContractProducts, async ({ query }) =>
    readProducts(database.db, query, clock.now(), await snapshot()),
  );
  registerEndpoint(app, endpoints.contractProduct, async ({ params }) =>
    readProduct(database.db, params.id, clock.now(), await snapshot()),
  );
  registerEndpoint(app, endpoints.createContractOrder, async ({ body }, { principal, request }) =>
    createOrder(database, {
      userId: userOf(principal),
      productId: body.product_id,
      account: body.account,
      quantity: body.quantity,
      certificateUrl: certificateUrlOf(request),
      nowMs: clock.now(),
    }),
  );
  registerEndpoint(app, endpoints.contractOrders, async ({ query }, { principal, request }) =>
    readOrders(database.db, userOf(principal), query, certificateUrlOf(request), clock.now()),
  );
  registerEndpoint(app, endpoints.contractOrder, async ({ params }, { principal, request }) =>
    readOrder(
      database.db,
      userOf(principal),
      params.order_id,
      certificateUrlOf(request),
      clock.now(),
    ),
  );
  registerEndpoint(
    app,
    endpoints.payContractOrder,
    async ({ params, body }, { principal, request }) => {
      const userId = userOf(principal);
      await verifyPayPassword(identity, userId, body.pay_password, body.key_id);
      return payOrderFromWallet(database, {
        userId,
        orderId: params.order_id,
        certificateUrl: certificateUrlOf(request),
        nowMs: clock.now(),
      });
    },
  );
  registerEndpoint(
    app,
    endpoints.uploadPaymentCertificate,
    async ({ params, body }, { principal, request }) =>
      uploadCertificates(database, store, {
        userId: userOf(principal),
        orderId: params.order_id,
        files: body.files,
        certificateUrl: certificateUrlOf(request),
        nowMs: clock.now(),
      }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
  registerEndpoint(app, endpoints.cancelContractOrder, async ({ params }, { principal, request }) =>
    cancelOrder(database, {
      userId: userOf(principal),
      orderId: params.order_id,
      certificateUrl: certificateUrlOf(request),
      nowMs: clock.now(),
    }),
  );
  registerEndpoint(app, endpoints.contractOrderProfits, async ({ params, query }, { principal }) =>
    readOrderProfits(database.db, userOf(principal), params.order_id, query),
  );
  registerEndpoint(app, endpoints.contractDashboard, async (_input, { principal }) =>
    readDashboard(database.db, userOf(principal), clock.now()),
  );

  registerEndpoint(app, endpoints.adminContractProducts, async ({ query }, { principal }) => {
    requireOperator(principal);
    return readAdminProducts(database.db, query, clock.now(), await snapshot());
  });
  registerEndpoint(app, endpoints.createContractProduct, async ({ body }, { principal, request }) =>
    createProduct(
      database,
      { operatorId: requireOperator(principal), product: body, ip: request.ip, nowMs: clock.now() },
      await snapshot(),
    ),
  );
  registerEndpoint(
    app,
    endpoints.updateContractProduct,
    async ({ params, body }, { principal, request }) =>
      updateProduct(
        database,
        {
          operatorId: requireOperator(principal),
          id: params.id,
          product: body,
          ip: request.ip,
          nowMs: clock.now(),
        },
        await snapshot(),
      ),
  );
  registerEndpoint(
    app,
    endpoints.adminContractOrders,
    async ({ query }, { principal, request }) => {
      requireOperator(principal);
      return readAdminOrders(database.db, query, certificateUrlOf(request), clock.now());
    },
  );
  registerEndpoint(
    app,
    endpoints.reviewContractOrder,
    async ({ params, body }, { principal, request }) =>
      reviewOrder(database, {
        operatorId: requireOperator(principal),
        orderId: params.order_id,
        decision: body,
        ip: request.ip,
        certificateUrl: certificateUrlOf(request),
        nowMs: clock.now(),
      }),
  );

  serveUploadedFile<{ order_id: string; certificate_id: string }>(app, {
    path: '/api/contracts/orders/:order_id/certificates/:certificate_id',
    fileParam: 'certificate_id',
    disposition: 'inline',
    read: (params, ownerId) =>
      readCertificate(database.db, store, {
        orderId: params.order_id,
        certificateId: params.certificate_id,
        userId: ownerId,
      }),
  });

  app.addHook('onReady', async () => {
    if (config.demo && config.env !== 'test') await seedDemoContracts(database, clock.now());
  });
  app.jobs.declare({
    name: 'contracts',
    cadence: 'minute',
    exclusive: true,
    run: async (nowMs) => {
      const cancelled = await cancelExpiredOrders(database, nowMs);
      const moved = await advanceOrders(database, nowMs);
      if (cancelled.length + moved.started + moved.credited + moved.finished > 0) {
        app.log.info({ cancelled: cancelled.length, ...moved }, 'contract orders moved on');
      }
    },
  });
}
