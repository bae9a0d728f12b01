import { type AccountBalance, describeError, isApiError, type UserInfo } from '@poolkit/core';
import {
  ExchangeDialog,
  type ExchangeDialogField,
  type ExchangeDialogRefusal,
  type ExchangeDialogValues,
} from '@poolkit/widgets/ExchangeDialog';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { encryptedPassword } from '../identity/identity';
import { exchangeDoneText } from './doneMessages';
import { newIdempotencyKey } from './wallet';

type CoinId = AccountBalance['coin'];

const FIELDS: Readonly<Record<string, ExchangeDialogField>> = {
  account: 'account',
  from: 'from',
  to: 'to',
  amount: 'amount',
  pay_password: 'payPassword',
  key_id: 'payPassword',
  quote_id: 'quote',
};

/** A refused quote or exchange as the dialog shows it: the server's message under its field. */
function refusalOf(error: unknown, t: TFunction): ExchangeDialogRefusal {
  const message = describeError(error, (key) => t(key));
  const field = isApiError(error) ? error.fields?.[0]?.field : undefined;
  const target = field === undefined ? undefined : FIELDS[field];
  return target === undefined ? { message } : { message, field: target };
}

/**
 * The widgets' ExchangeDialog wired to the API: `GET /wallets/exchanges/quote` for a firm quote
 * (kept by the server, so the price cannot be changed on the way), then `POST /wallets/exchanges`
 * with the quote's id, the encrypted pay password and one idempotency key per quote, so a retry
 * after a lost answer never exchanges twice. An expired or used quote is dropped by the dialog,
 * which then asks for a new one.
 */
export function ExchangeFlow({
  open,
  onOpenChange,
  user,
  balances,
  onSetPayPassword,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: Pick<UserInfo, 'pay_password_set'>;
  balances: readonly AccountBalance[];
  onSetPayPassword: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  // One key per quote: a retry of the same quote is the same exchange.
  const keys = useRef(new Map<string, string>());

  useEffect(() => {
    if (open) keys.current.clear();
  }, [open]);

  async function submit({ quote, payPassword }: ExchangeDialogValues) {
    try {
      let key = keys.current.get(quote.quote_id);
      if (key === undefined) {
        key = newIdempotencyKey();
        keys.current.set(quote.quote_id, key);
      }
      const secret = await encryptedPassword(services, payPassword);
      const done = await services.api.exchange({
        body: {
          quote_id: quote.quote_id,
          pay_password: secret.password,
          key_id: secret.key_id,
          idempotency_key: key,
        },
      });
      showMessage(exchangeDoneText(t, done), 'success');
      return undefined;
    } catch (error) {
      return refusalOf(error, t);
    }
  }

  return (
    <ExchangeDialog
      open={open}
      onOpenChange={onOpenChange}
      balances={balances}
      hasPayPassword={user.pay_password_set}
      onSetPayPassword={onSetPayPassword}
      onQuote={async (request) => {
        try {
          return await services.api.exchangeQuote({
            query: {
              account: request.account,
              from: request.from as CoinId,
              to: request.to as CoinId,
              amount: request.amount,
            },
          });
        } catch (error) {
          return refusalOf(error, t);
        }
      }}
      onSubmit={submit}
    />
  );
}
