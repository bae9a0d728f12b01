import {
  type MoneyFormAction,
  type MoneyFormState,
  moneyFormReducer,
} from '../../lib/moneyDialog/formReducer';

/** The steps of a withdrawal, in order. */
export type Step = 'address' | 'amount' | 'confirm';
export const STEPS: readonly Step[] = ['address', 'amount', 'confirm'];

/** The fields a problem can point at (the host's refusals too). */
export type WithdrawDialogField =
  | 'addressId'
  | 'alias'
  | 'address'
  | 'publicKey'
  | 'addressCode'
  | 'amount'
  | 'payPassword'
  | 'code';

/** Problems by field; `form` is the one above the buttons. */
export type Errors = Partial<Record<WithdrawDialogField | 'form', string>>;

/** What the user typed or chose. */
export type TextField =
  | 'addressId'
  | 'alias'
  | 'newAddress'
  | 'publicKey'
  | 'addressCode'
  | 'amount'
  | 'fromAccount'
  | 'payPassword'
  | 'code';

/** The whole form of a withdrawal dialog. */
export interface WithdrawForm
  extends MoneyFormState<WithdrawDialogField>,
    Readonly<Record<TextField, string>> {
  readonly step: Step;
  /** The new-address form is open on the address step. */
  readonly adding: boolean;
}

export type WithdrawAction =
  /** The dialog opened: a fresh form on the first address and account. */
  | { readonly type: 'open'; readonly addressId: string; readonly fromAccount: string }
  /** Another step, with the problems found on leaving (none by default). */
  | { readonly type: 'step'; readonly step: Step; readonly errors?: Errors }
  /** Opens or closes the new-address form, forgetting the problems shown. */
  | { readonly type: 'adding'; readonly adding: boolean }
  /** Problems the user must see: the first field's step comes up (and the address form). */
  | { readonly type: 'refused'; readonly errors: Errors }
  /** The host saved the new address: its form closes empty. */
  | { readonly type: 'addressSaved' }
  | MoneyFormAction<TextField, WithdrawDialogField>;

const STEP_OF: Record<WithdrawDialogField, Step> = {
  addressId: 'address',
  alias: 'address',
  address: 'address',
  publicKey: 'address',
  addressCode: 'address',
  amount: 'amount',
  payPassword: 'confirm',
  code: 'confirm',
};
const ADD_FIELDS = new Set<WithdrawDialogField>(['alias', 'address', 'publicKey', 'addressCode']);

const EMPTY_ADDRESS = { alias: '', newAddress: '', publicKey: '', addressCode: '' } as const;

/** The form before the dialog first opens. */
export function initialWithdrawForm(addressId: string, fromAccount: string): WithdrawForm {
  return {
    step: 'address',
    addressId,
    adding: false,
    ...EMPTY_ADDRESS,
    amount: '',
    fromAccount,
    payPassword: '',
    code: '',
    errors: {},
    busy: false,
  };
}

export function withdrawReducer(form: WithdrawForm, action: WithdrawAction): WithdrawForm {
  switch (action.type) {
    case 'open':
      // A request may still be under way when the dialog opens again.
      return { ...initialWithdrawForm(action.addressId, action.fromAccount), busy: form.busy };
    case 'step':
      return { ...form, step: action.step, errors: action.errors ?? {} };
    case 'adding':
      return { ...form, adding: action.adding, errors: {} };
    case 'refused': {
      const first = (Object.keys(action.errors) as (WithdrawDialogField | 'form')[]).find(
        (key) => key !== 'form',
      );
      if (first === undefined) return { ...form, errors: action.errors };
      return {
        ...form,
        errors: action.errors,
        step: STEP_OF[first],
        adding: form.adding || ADD_FIELDS.has(first),
      };
    }
    case 'addressSaved':
      return { ...form, ...EMPTY_ADDRESS, adding: false };
    default:
      return moneyFormReducer(form, action);
  }
}
