import { COIN_DISPLAY, type CoinId } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { queryRows, type SqlExecutor } from '../../engine/sql';
import { enqueueEmail } from './emailOutbox';
import { postMessage } from './messages';
import { asLanguage, emailFooter, renderMessage } from './texts';

/** Where the user sees the refund: the wallet's transaction list. */
export const WALLET_TRANSACTIONS_PATH = '/asset/transaction';

/** What {@link notifyWithdrawalRejected} tells. */
export interface WithdrawalRejectedNotice {
  /** The withdrawal's owner (`withdrawals.user_id`). */
  readonly userId: string;
  readonly coin: string;
  /** The amount asked for (what the address would have received), plain decimal. */
  readonly amount: string;
  /** What went back to the available balance: amount plus fee. */
  readonly refunded: string;
  readonly address: string;
  /** The operator's reason, as stored. */
  readonly reason: string;
  readonly nowMs: number;
  /** The site's address (`SITE_URL`), for the email's link. */
  readonly siteUrl: string;
}

/**
 * Tells a user that an operator rejected their withdrawal: a message in the message
 * center and an email (an SMS when the account has no email, as for the passkey notice) naming
 * the amount, coin, address, the operator's reason and that amount and fee are back on the
 * balance. Pass the rejection's transaction, so the refund and the notice are kept together.
 *
 * The message is of the `wallet_update` kind, the message center's kind for money movements
 * (its "Wallet" filter), apart from settings.
 */
export async function notifyWithdrawalRejected(
  executor: SqlExecutor,
  notice: WithdrawalRejectedNotice,
): Promise<void> {
  const symbol = COIN_DISPLAY[notice.coin as CoinId]?.symbol ?? notice.coin.toUpperCase();
  const params = {
    amount: `${notice.amount} ${symbol}`,
    refunded: `${notice.refunded} ${symbol}`,
    address: notice.address,
    reason: notice.reason,
  };
  await postMessage(executor, {
    userId: notice.userId,
    type: 'wallet_update',
    textKey: 'withdrawalRejected',
    params,
    nowMs: notice.nowMs,
  });
  const [user] = await queryRows<{
    email: string | null;
    phone: string | null;
    country_code: string | null;
    language: string | null;
  }>(
    executor,
    sql`SELECT email, phone, country_code, language FROM users
        WHERE id = ${notice.userId}::bigint`,
  );
  if (user === undefined) return;
  const language = asLanguage(user.language);
  const text = renderMessage(language, 'withdrawalRejected', params);
  const site = notice.siteUrl.replace(/\/+$/, '');
  if (user.email !== null) {
    await enqueueEmail(
      executor,
      {
        channel: 'email',
        to: user.email,
        subject: text.title,
        text: `${text.content}\n\n${site}${WALLET_TRANSACTIONS_PATH}\n\n${emailFooter(language, `${site}/user/message`)}`,
      },
      notice.nowMs,
    );
  } else if (user.phone !== null) {
    await enqueueEmail(
      executor,
      {
        channel: 'sms',
        to: `+${user.country_code ?? ''} ${user.phone}`,
        subject: text.title,
        text: text.content,
      },
      notice.nowMs,
    );
  }
}
