import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, endpoints } from '../../contract';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { requireOperator } from '../admin/operators';
import type { IdentityContext } from '../identity/context';
import { isoSeconds } from '../identity/db';
import { pruneIdempotencyKeys } from './idempotency';
import { setPayPassword } from './payPassword';
import {
  readBalances,
  readExportLines,
  readTransactionDetail,
  readTransactionPage,
} from './queries';
import { readReconciliation } from './reconciliation';
import { transfer } from './transfer';

/** How often spent idempotency keys are pruned. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

function userOf(principal: Principal | null): string {
  if (principal === null || principal.kind !== 'user') {
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  }
  return principal.userId;
}

function csvField(value: string | null): string {
  const text = value ?? '';
  // A leading =, +, - or @ would run as a formula in a spreadsheet; amounts are plain numbers.
  const safe = /^[=+@]/.test(text) || /^-[^0-9]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The wallet: balances (per coin summed over the user's mining accounts, and per account),
 * transactions (list, one record with its entries, CSV export), the pay password and internal
 * transfers. Every balance change goes through the ledger service (`ledger.ts`). Withdrawals,
 * deposits, auto-withdraw and exchange are not served yet.
 */
export function registerWalletModule(app: FastifyInstance, context: IdentityContext): void {
  const { database, clock } = app.platform;

  registerEndpoint(app, endpoints.walletBalances, async (_input, { principal }) =>
    readBalances(database.db, userOf(principal)),
  );

  registerEndpoint(app, endpoints.walletTransactions, async ({ query }, { principal }) => {
    const { page, page_size: pageSize, ...filters } = query;
    const { list, total } = await readTransactionPage(
      database.db,
      userOf(principal),
      filters,
      page,
      pageSize,
    );
    return { list, total, page, page_size: pageSize };
  });

  registerEndpoint(app, endpoints.walletTransaction, async ({ params }, { principal }) => {
    const userId = userOf(principal);
    const detail = /^\d{1,18}$/.test(params.id)
      ? await readTransactionDetail(database.db, userId, params.id)
      : undefined;
    const first = detail?.lines[0];
    if (detail === undefined || first === undefined) {
      throw new HttpError(404, ERROR_CODES.notFound, 'No such transaction', {
        fields: [{ field: 'id', message: 'No such transaction' }],
      });
    }
    return {
      id: first.id,
      time: isoSeconds(detail.timeMs),
      coin: first.coin,
      status: first.status,
      lines: detail.lines,
      entries: detail.entries,
      mining_day: detail.miningDay,
    };
  });

  registerEndpoint(app, endpoints.walletTransactionsExport, async ({ query }, context) => {
    const lines = await readExportLines(database.db, userOf(context.principal), query);
    const rows = ['id,time,account,coin,type,amount,fee,counterparty,status,note'];
    for (const line of lines) {
      rows.push(
        [
          line.id,
          line.time,
          line.account,
          line.coin,
          line.type,
          line.amount,
          line.fee,
          line.counterparty,
          line.status,
          line.note,
        ]
          .map(csvField)
          .join(','),
      );
    }
    context.reply.header(
      'content-disposition',
      `attachment; filename="wallet-${query.start_date}-${query.end_date}.csv"`,
    );
    return `${rows.join('\n')}\n`;
  });

  registerEndpoint(app, endpoints.setPayPassword, async ({ body }, { principal, request }) => {
    await setPayPassword(
      context,
      userOf(principal),
      {
        payPassword: body.pay_password,
        keyId: body.key_id,
        validationToken: body.validation_token,
      },
      request,
    );
    return null;
  });

  registerEndpoint(app, endpoints.transfer, async ({ body }, { principal, request }) =>
    transfer(context, userOf(principal), body, request),
  );

  registerEndpoint(app, endpoints.adminReconciliation, async (_input, { principal }) => {
    requireOperator(principal);
    return readReconciliation(database, clock.now());
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = pruneIdempotencyKeys(database, clock.now()).catch((error: unknown) =>
        app.log.error({ err: error }, 'idempotency key pruning failed'),
      );
    }, PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer !== undefined) clearInterval(timer);
    await running;
  });
}
