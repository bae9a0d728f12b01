import type { ExchangeQuote } from '@poolkit/core';
import {
  type MoneyFormAction,
  type MoneyFormState,
  moneyFormReducer,
} from '../../lib/moneyDialog/formReducer';

/** The fields a refusal can point at; `quote` drops the quote (expired, used: quote again). */
export type ExchangeDialogField = 'account' | 'from' | 'to' | 'amount' | 'payPassword' | 'quote';

/** What a quote is asked for: changing any of it drops the quote. */
export type ExchangeRequestField = 'account' | 'from' | 'to' | 'amount';

/** The whole form of an exchange dialog. */
export interface ExchangeForm
  extends MoneyFormState<ExchangeDialogField>,
    Readonly<Record<ExchangeRequestField | 'payPassword', string>> {
  /** The firm quote shown, or `null` before one is asked for (or once it is dropped). */
  readonly quote: ExchangeQuote | null;
}

/** Problems by field; `form` is the one above the buttons. */
export type ExchangeErrors = ExchangeForm['errors'];

export type ExchangeAction =
  /** The dialog opened: a fresh form on the first funded account and coin. */
  | { readonly type: 'open'; readonly account: string; readonly from: string; readonly to: string }
  /** The request changed: the quote no longer says what would happen, and goes. */
  | { readonly type: 'request'; readonly changes: Partial<Record<ExchangeRequestField, string>> }
  | { readonly type: 'quote'; readonly quote: ExchangeQuote | null }
  | MoneyFormAction<'payPassword', ExchangeDialogField>;

/** The form before the dialog first opens, or as it opens. */
export function initialExchangeForm(account: string, from: string, to: string): ExchangeForm {
  return { account, from, to, amount: '', payPassword: '', quote: null, errors: {}, busy: false };
}

export function exchangeReducer(form: ExchangeForm, action: ExchangeAction): ExchangeForm {
  switch (action.type) {
    case 'open':
      // A request may still be under way when the dialog opens again.
      return { ...initialExchangeForm(action.account, action.from, action.to), busy: form.busy };
    case 'request':
      return { ...form, ...action.changes, quote: null, errors: {} };
    case 'quote':
      return { ...form, quote: action.quote };
    default:
      return moneyFormReducer(form, action);
  }
}
