import {
  type MoneyFormAction,
  type MoneyFormState,
  moneyFormReducer,
} from '../../lib/moneyDialog/formReducer';

/** The fields a problem can point at (the host's refusals too). */
export type TransferDialogField = 'toAccount' | 'amount' | 'payPassword' | 'code';

/** Problems by field; `form` is the one above the buttons. */
export type TransferErrors = TransferForm['errors'];

/** What the user typed or chose. */
export type TransferText = 'from' | 'coin' | 'toAccount' | 'amount' | 'payPassword' | 'code';

/** The whole form of a transfer dialog. */
export interface TransferForm
  extends MoneyFormState<TransferDialogField>,
    Readonly<Record<TransferText, string>> {}

export type TransferAction =
  /** The dialog opened: a fresh form on the first funded account and coin. */
  | { readonly type: 'open'; readonly from: string; readonly coin: string }
  | MoneyFormAction<TransferText, TransferDialogField>;

/** The form before the dialog first opens, or as it opens. */
export function initialTransferForm(from: string, coin: string): TransferForm {
  return {
    from,
    coin,
    toAccount: '',
    amount: '',
    payPassword: '',
    code: '',
    errors: {},
    busy: false,
  };
}

export function transferReducer(form: TransferForm, action: TransferAction): TransferForm {
  // A transfer may still be under way when the dialog opens again.
  if (action.type === 'open') {
    return { ...initialTransferForm(action.from, action.coin), busy: form.busy };
  }
  return moneyFormReducer(form, action);
}
