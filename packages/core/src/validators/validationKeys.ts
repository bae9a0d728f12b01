/** The i18n namespace of validation messages: message keys read `validation.<key>`. */
export const VALIDATION_NAMESPACE = 'validation';

/** Every key of the validation catalogue (`validation` in `i18n/locales/en.ts`), without the namespace. */
export const VALIDATION_KEYS = [
  'invalid',
  'phoneRequired',
  'phoneInvalid',
  'emailRequired',
  'emailInvalid',
  'subAccountNameRequired',
  'subAccountNameInvalid',
  'workerNameRequired',
  'workerNameInvalid',
  'workerNameTooLong',
  'totpCodeRequired',
  'totpCodeInvalid',
  'verificationCodeRequired',
  'verificationCodeInvalid',
  'passkeyNicknameRequired',
  'observerNicknameRequired',
  'observerAddressRequired',
  'passwordRequired',
  'passwordInvalid',
  'passwordConfirmationRequired',
  'passwordMismatch',
  'payPasswordRequired',
  'payPasswordInvalid',
  'payPasswordConfirmationRequired',
  'payPasswordNotSet',
  'amountRequired',
  'amountInvalid',
  'amountNotPositive',
  'amountBelowMinimum',
  'amountAboveMaximum',
  'amountTooPrecise',
  'addressRequired',
  'addressInvalid',
  'accountRequired',
  'dateRangeRequired',
  'dateRangeOrder',
  'dateRangeTooLong',
  'couponCodeRequired',
  'accountSelectionRequired',
  'termsRequired',
  'ticketTitleRequired',
  'ticketTitleTooLong',
  'ticketContentRequired',
  'ticketContentTooLong',
  'ticketContactRequired',
  'redPacketEmailMismatch',
  'paymentEvidenceRequired',
  'timezoneInvalid',
] as const;

/** A key of the validation catalogue, e.g. `'phoneInvalid'`. */
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** A full message key as validators put it in zod issues, e.g. `'validation.phoneInvalid'`. */
export type ValidationMessageKey = `validation.${ValidationKey}`;

/**
 * The full message key of a catalogue key.
 *
 * @example
 * validationMessageKeyOf('phoneInvalid') // 'validation.phoneInvalid'
 */
export function validationMessageKeyOf(key: ValidationKey): ValidationMessageKey {
  return `${VALIDATION_NAMESPACE}.${key}`;
}

/** True when `value` is a full validation message key that the catalogue has. */
export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  if (typeof value !== 'string' || !value.startsWith(`${VALIDATION_NAMESPACE}.`)) return false;
  const key = value.slice(VALIDATION_NAMESPACE.length + 1);
  return (VALIDATION_KEYS as readonly string[]).includes(key);
}
