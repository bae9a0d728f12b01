import type { TFunction } from 'i18next';
import { coinMoney } from '../../app/format';

// The messages after coins moved. Each amount is money the user sent or received: it reads at
// the coin's precision with its unit (`coinMoney`), `0.05247299 BTC` and not a cut `0.052472`,
// so the templates hold no separate coin placeholder.

/** "Transferred 0.05247299 BTC to bob." after `POST /wallets/transfers`. */
export function transferDoneText(
  t: TFunction,
  done: { amount: string; coin: string; to_account: string },
): string {
  return t('site.wallet.transferDone', {
    amount: coinMoney(done.amount, done.coin),
    account: done.to_account,
  });
}

/**
 * "Withdrawal of 0.05247299 BTC submitted." after `POST /wallets/withdrawals`, with the manual
 * audit's note when the withdrawal waits for one.
 */
export function withdrawDoneText(
  t: TFunction,
  done: { amount: string; coin: string; manual_audit: boolean },
): string {
  return t(done.manual_audit ? 'site.wallet.withdrawAudit' : 'site.wallet.withdrawDone', {
    amount: coinMoney(done.amount, done.coin),
  });
}

/** "Exchanged 0.05247299 BTC for 3.2061 LTC." after `POST /wallets/exchanges`. */
export function exchangeDoneText(
  t: TFunction,
  done: { amount_in: string; from: string; amount_out: string; to: string },
): string {
  return t('site.wallet.exchangeDone', {
    amountIn: coinMoney(done.amount_in, done.from),
    amountOut: coinMoney(done.amount_out, done.to),
  });
}
