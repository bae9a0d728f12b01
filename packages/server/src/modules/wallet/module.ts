import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { endpoints } from '../../contract';
import { isoSeconds } from '../../db/sql';
import { notFound } from '../../domain/errors';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { requireOperator } from '../admin/operators';
import type { ChainAdapter } from '../chain/chainAdapter';
import type { InboundChain } from '../chain/inboundChain';
import type { NodeAddressChecks } from '../chain/nodeChain';
import { type PriceService, pricesCny } from '../prices/service';
import { readAutoWithdrawSettings, runAutoWithdrawals, updateAutoWithdraw } from './autoWithdraw';
import { seedDemoWithdrawals } from './demoWithdrawals';
import { registerDepositRoutes } from './depositRoutes';
import { exchange, quoteExchange } from './exchange';
import { pruneIdempotencyKeys } from './idempotency';
import { setPayPassword } from './payPassword';
import {
  readBalances,
  readExportLines,
  readTransactionDetail,
  readTransactionPage,
} from './queries';
import { type NodeWallet, readReconciliation } from './reconciliation';
import { isEntityId } from './rows';
import { transfer } from './transfer';
import {
  createWithdrawAddress,
  deleteWithdrawAddress,
  readWithdrawAddresses,
  renameWithdrawAddress,
} from './withdrawAddresses';
import { readAdminWithdrawals } from './withdrawalQueries';
import { readWithdrawRules, withdraw } from './withdrawalRequest';
import { approveWithdrawal, rejectWithdrawal } from './withdrawalReview';
import { broadcastQueuedParts, processWithdrawals } from './withdrawalSending';

/** How often spent idempotency keys are pruned, in minutes of the app's clock. */
const PRUNE_EVERY_MINUTES = 60;

function csvField(value: string | null): string {
  const text = value ?? '';
  // A leading =, +, - or @ would run as a formula in a spreadsheet; amounts are plain numbers.
  const safe = /^[=+@]/.test(text) || /^-[^0-9]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Where the wallet's coins live beyond the demo chain: the coins on a node. */
export interface WalletCoinSources {
  /** Where deposits come from. Default: the demo inbound chain. */
  readonly inbound?: InboundChain;
  /** Withdraw-address checks by the node of each coin on one. Default: core's shapes only. */
  readonly nodeChecks?: NodeAddressChecks;
  /** The node wallets reconciliation reads, per coin on a node. Default none. */
  readonly nodeWallets?: readonly NodeWallet[];
}

/**
 * The wallet: balances (per coin summed over the user's mining accounts, and per account),
 * transactions (list, one record with its entries, CSV export), the pay password, internal
 * transfers, the withdraw address book and withdrawals, with the operators' audit queue
 * (`/admin/withdrawals`). Every balance change goes through the ledger service (`ledger.ts`).
 *
 * Withdrawals (`withdrawalRequest.ts`, `withdrawalReview.ts`, `withdrawalSending.ts`,
 * `withdrawalQueries.ts`): to a saved address only, at or above the coin's minimum
 * (`withdrawRules.ts`, one table of every coin's minimum, fee, audit limit and split size), with
 * the pay password, a `withdraw` second validation and an idempotency key. The amount plus the
 * fee (once per withdrawal) is frozen at once; amounts above the coin's maximum single
 * withdrawal are split into parts; above its audit limit an operator approves or rejects first
 * (within 24 hours). A job on the app's clock, once a minute, sends queued parts through the
 * chain adapter (`../chain`, the demo chain by default) and settles the final ones: paid to the
 * pool's `withdrawals_paid` and `withdraw_fees` (with the network fee a node paid recorded for
 * the operators), or refunded. A coin on a node has its withdraw addresses checked by the node
 * (`nodeChecks`). Withdrawals and transfers pause for
 * 24 hours after a security change: the pay password, the phone, the email, or a withdraw
 * address saved after the first one. Deposits: `depositRoutes.ts`. Exchange between coins at
 * the price feed's quotes: `exchange.ts`.
 */
export function registerWalletModule(
  app: FastifyInstance,
  context: AppContext,
  chain: ChainAdapter,
  prices: PriceService,
  coins: WalletCoinSources = {},
): void {
  const { inbound, nodeChecks, nodeWallets = [] } = coins;
  const { database, clock, config } = app.platform;

  /** Sends a withdrawal's queued parts now; the job retries whatever fails here. */
  const broadcastNow = async (withdrawalId: string) => {
    try {
      await broadcastQueuedParts(database, chain, clock.now(), withdrawalId);
    } catch (error) {
      app.log.error({ err: error, withdrawalId }, 'withdrawal broadcast failed; the job retries');
    }
  };

  registerEndpoint(app, endpoints.walletBalances, async (_input, { principal }) =>
    readBalances(database.db, userOf(principal), pricesCny(await prices.current())),
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
    const detail = isEntityId(params.id)
      ? await readTransactionDetail(database.db, userId, params.id)
      : undefined;
    const first = detail?.lines[0];
    if (detail === undefined || first === undefined) notFound('id', 'No such transaction');
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
    // `amount` is what moved on the balance, a withdrawal's fee included (the contract's
    // `walletTransactionSchema`); the fee column names itself `fee_included` so that no
    // spreadsheet adds it a second time.
    const rows = ['id,time,account,coin,type,amount,fee_included,counterparty,status,note'];
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
    return readReconciliation(database, clock.now(), { nodes: nodeWallets, log: app.log });
  });

  registerEndpoint(app, endpoints.exchangeQuote, async ({ query }, { principal }) =>
    quoteExchange(context, prices, userOf(principal), query, config.exchangeQuoteTtlSeconds * 1000),
  );

  registerEndpoint(app, endpoints.exchange, async ({ body }, { principal, request }) =>
    exchange(context, userOf(principal), body, request),
  );

  registerEndpoint(app, endpoints.withdrawAddresses, async ({ query }, { principal }) => ({
    list: await readWithdrawAddresses(database.db, userOf(principal), query.coin),
  }));
  registerEndpoint(app, endpoints.createWithdrawAddress, async ({ body }, { principal, request }) =>
    createWithdrawAddress(context, userOf(principal), body, request, nodeChecks),
  );
  registerEndpoint(app, endpoints.updateWithdrawAddress, async ({ params, body }, { principal }) =>
    renameWithdrawAddress(database.db, userOf(principal), params.id, body.alias),
  );
  registerEndpoint(app, endpoints.deleteWithdrawAddress, async ({ params }, { principal }) => {
    await deleteWithdrawAddress(database.db, userOf(principal), params.id, clock.now());
    return null;
  });
  registerEndpoint(app, endpoints.withdrawRules, async ({ query }, { principal }) =>
    readWithdrawRules(context, userOf(principal), query.coin, nodeChecks),
  );
  registerEndpoint(app, endpoints.withdraw, async ({ body }, { principal, request }) => {
    const answer = await withdraw(context, userOf(principal), body, request);
    if (!answer.manual_audit) await broadcastNow(answer.id);
    return answer;
  });

  registerEndpoint(app, endpoints.autoWithdrawSettings, async (_input, { principal }) => ({
    list: await readAutoWithdrawSettings(database.db, userOf(principal)),
  }));
  registerEndpoint(app, endpoints.updateAutoWithdraw, async ({ body }, { principal, request }) =>
    updateAutoWithdraw(context, userOf(principal), body, request),
  );

  registerEndpoint(app, endpoints.adminWithdrawals, async ({ query }, { principal }) => {
    requireOperator(principal);
    return readAdminWithdrawals(database.db, query);
  });
  registerEndpoint(app, endpoints.approveWithdrawal, async ({ params }, { principal, request }) => {
    const answer = await approveWithdrawal(database, {
      operatorId: requireOperator(principal),
      id: params.id,
      ip: request.ip,
      nowMs: clock.now(),
    });
    await broadcastNow(answer.id);
    return answer;
  });
  registerEndpoint(
    app,
    endpoints.rejectWithdrawal,
    async ({ params, body }, { principal, request }) =>
      rejectWithdrawal(database, {
        operatorId: requireOperator(principal),
        id: params.id,
        reason: body.reason,
        ip: request.ip,
        nowMs: clock.now(),
        siteUrl: config.siteUrl,
      }),
  );

  registerDepositRoutes(app, inbound);

  app.addHook('onReady', async () => {
    if (app.platform.config.demo && app.platform.config.env !== 'test') {
      await seedDemoWithdrawals(context, app.log);
    }
  });
  app.jobs.declare({
    name: 'withdrawals',
    cadence: 'minute',
    exclusive: true,
    run: async (nowMs) => {
      // Auto-withdraw first (once a day per setting), so its payouts go out in the same pass.
      const auto = await runAutoWithdrawals(database, nowMs);
      if (auto.paid > 0) app.log.info(auto, 'auto-withdrawals placed');
      const run = await processWithdrawals(database, chain, nowMs);
      if (run.broadcast + run.confirmed + run.failed > 0) app.log.info(run, 'withdrawals moved on');
    },
  });
  // Not in tests: their manual clocks jump by days, and keys a test still replays would go.
  if (config.env !== 'test') {
    app.jobs.declare({
      name: 'idempotency-keys',
      cadence: { everyMinutes: PRUNE_EVERY_MINUTES },
      exclusive: false,
      run: async (nowMs) => {
        await pruneIdempotencyKeys(database, nowMs);
      },
    });
  }
}
