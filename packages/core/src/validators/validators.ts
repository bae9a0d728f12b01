import { z } from 'zod';
import {
  CODE_LENGTH,
  EXPORT_RANGE_MAX_DAYS,
  PASSWORD_LENGTH,
  SUB_ACCOUNT_NAME_LENGTH,
  TICKET_CONTENT_MAX_LENGTH,
  TICKET_TITLE_MAX_LENGTH,
  WORKER_NAME_MAX_LENGTH,
} from '../constants';
import type { CoinId } from '../domain/coinIds';
import { compareDecimal, isDecimalString } from '../format/decimal';
import { isTimezone } from '../format/formatInTimezone';
import { miningAddressPattern } from './miningAddressPattern';
import { validationMessageKeyOf as key, type ValidationKey } from './validationKeys';

const DAY_MS = 86_400_000;
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/**
 * A string that must not be empty after trimming. A missing value or a non-string gives the same
 * "required" message, and an empty one stops there (no format message on top).
 */
function requiredString(requiredKey: ValidationKey) {
  const message = key(requiredKey);
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

// ── Identity ────────────────────────────────────────────────────────────────────────────

/** Mainland China mobile number: 11 digits, starting with 1, second digit 3-9, no hyphen. */
const phone = requiredString('phoneRequired').regex(/^1[3-9]\d{9}$/, {
  error: key('phoneInvalid'),
});

/** Email: "Please enter email address" when empty, "Please enter correct email address" when malformed. */
const email = requiredString('emailRequired').pipe(z.email({ error: key('emailInvalid') }));

/** Sub-account name: 4-30 ASCII letters or digits. */
const subAccountName = requiredString('subAccountNameRequired').regex(
  new RegExp(`^[A-Za-z0-9]{${SUB_ACCOUNT_NAME_LENGTH.min},${SUB_ACCOUNT_NAME_LENGTH.max}}$`),
  { error: key('subAccountNameInvalid') },
);

/** Worker name: digits and lowercase ASCII letters only, at most 64 characters. */
const workerName = requiredString('workerNameRequired')
  .regex(/^[0-9a-z]+$/, { error: key('workerNameInvalid') })
  .max(WORKER_NAME_MAX_LENGTH, { error: key('workerNameTooLong') });

/** Authenticator (TOTP) code: 6 digits. */
const totpCode = requiredString('totpCodeRequired').regex(CODE_PATTERN, {
  error: key('totpCodeInvalid'),
});

/** Verification code sent by SMS or email: 6 digits. */
const verificationCode = requiredString('verificationCodeRequired').regex(CODE_PATTERN, {
  error: key('verificationCodeInvalid'),
});

/** Passkey nickname: not empty and not only spaces (the result is trimmed). */
const passkeyNickname = requiredString('passkeyNicknameRequired');

/** Observer nickname: not blank (trimmed). */
const observerNickname = requiredString('observerNicknameRequired');

/** Observer address: not blank (trimmed). */
const observerAddress = requiredString('observerAddressRequired');

// ── Passwords ───────────────────────────────────────────────────────────────────────────

/**
 * The password rule PoolKit chose (the spec gives none): 8-32 characters of printable ASCII
 * without spaces, with at least one letter and at least one digit. Symbols are allowed.
 */
function isAcceptablePassword(value: string): boolean {
  return (
    value.length >= PASSWORD_LENGTH.min &&
    value.length <= PASSWORD_LENGTH.max &&
    /^[\x21-\x7E]+$/.test(value) &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value)
  );
}

function newPassword(requiredKey: ValidationKey, invalidKey: ValidationKey) {
  return z
    .string({ error: key(requiredKey) })
    .min(1, { error: key(requiredKey), abort: true })
    .refine(isAcceptablePassword, { error: key(invalidKey) });
}

/**
 * A new login password: 8-32 characters of printable ASCII (no spaces), containing at least one
 * letter and one digit. Not trimmed. For the login form use `loginPassword`, which only requires
 * a value, so accounts with older passwords can still sign in.
 */
const password = newPassword('passwordRequired', 'passwordInvalid');

/** The password field of the login form: required, nothing more. */
const loginPassword = z
  .string({ error: key('passwordRequired') })
  .min(1, { error: key('passwordRequired') });

/** A new pay (fund) password: the same rule as `password`, with its own messages. */
const payPassword = newPassword('payPasswordRequired', 'payPasswordInvalid');

/**
 * Adds the "Two inputs don't match" check to an object schema: the issue lands on
 * `confirmationField`, so the form shows it under the repeated input.
 */
function withConfirmation<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field: string,
  confirmationField: string,
): T {
  return schema.refine((value) => value[field] === value[confirmationField], {
    error: key('passwordMismatch'),
    path: [confirmationField],
  });
}

/**
 * Refine helper for a password and its confirmation on any object schema.
 *
 * @param field - Default `'password'`.
 * @param confirmationField - Default `'confirmPassword'`.
 * @example
 * const reset = validators.passwordConfirmation(
 *   z.object({ code: validators.verificationCode, password: validators.password, confirmPassword: z.string() }),
 * );
 */
function passwordConfirmation<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field = 'password',
  confirmationField = 'confirmPassword',
): T {
  return withConfirmation(schema, field, confirmationField);
}

/**
 * Refine helper for a pay password and its confirmation.
 *
 * @param field - Default `'payPassword'`.
 * @param confirmationField - Default `'confirmPayPassword'`.
 */
function payPasswordConfirmation<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  field = 'payPassword',
  confirmationField = 'confirmPayPassword',
): T {
  return withConfirmation(schema, field, confirmationField);
}

/** `{ password, confirmPassword }`: a new password typed twice. */
const passwordForm = passwordConfirmation(
  z.object({
    password,
    confirmPassword: z
      .string({ error: key('passwordConfirmationRequired') })
      .min(1, { error: key('passwordConfirmationRequired') }),
  }),
);

/** `{ payPassword, confirmPayPassword }`: a new pay password typed twice. */
const payPasswordForm = payPasswordConfirmation(
  z.object({
    payPassword,
    confirmPayPassword: z
      .string({ error: key('payPasswordConfirmationRequired') })
      .min(1, { error: key('payPasswordConfirmationRequired') }),
  }),
);

// ── Wallet ──────────────────────────────────────────────────────────────────────────────

/** Limits of an amount field; all optional. */
export interface AmountOptions {
  /** Smallest amount allowed (inclusive), a decimal string. */
  minimum?: string;
  /** Largest amount allowed (inclusive), e.g. the available balance, a decimal string. */
  maximum?: string;
  /** Most decimal places allowed (e.g. the coin's chain decimals). */
  decimals?: number;
}

interface AmountProblem {
  key: ValidationKey;
  params?: Record<string, unknown>;
}

function amountProblem(value: string, options: AmountOptions): AmountProblem | undefined {
  if (value === '') return { key: 'amountRequired' };
  if (!isDecimalString(value)) return { key: 'amountInvalid' };
  if (compareDecimal(value, '0') <= 0) return { key: 'amountNotPositive' };
  // Trailing zeros add no precision: '1.50' fits one decimal place.
  const fraction = (value.split('.')[1] ?? '').replace(/0+$/, '');
  if (options.decimals !== undefined && fraction.length > options.decimals) {
    return { key: 'amountTooPrecise', params: { decimals: options.decimals } };
  }
  if (options.minimum !== undefined && compareDecimal(value, options.minimum) < 0) {
    return { key: 'amountBelowMinimum', params: { minimum: options.minimum } };
  }
  if (options.maximum !== undefined && compareDecimal(value, options.maximum) > 0) {
    return { key: 'amountAboveMaximum', params: { maximum: options.maximum } };
  }
  return undefined;
}

/**
 * An amount typed by the user, kept as a decimal string (trimmed): required, a plain decimal
 * (`'12.5'`; no exponent or separators), greater than 0, and within the optional limits. The
 * limit issues carry their value in `params` for the message (`{{minimum}}`).
 */
function amount(options: AmountOptions = {}) {
  return z
    .string({ error: key('amountRequired') })
    .trim()
    .superRefine((value, ctx) => {
      const problem = amountProblem(value, options);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: key(problem.key),
          ...(problem.params ? { params: problem.params } : {}),
        });
      }
    });
}

/** Options of `validators.withdrawal`. */
export interface WithdrawalOptions extends AmountOptions {
  /** The coin's minimum withdrawal (inclusive), a decimal string; the server supplies it. */
  minimum: string;
  /** Whether the account has a pay password. Without one, the form reports "set one first". */
  hasPayPassword: boolean;
}

function payPasswordEntry(hasPayPassword: boolean) {
  return z
    .string({ error: key('payPasswordRequired') })
    .optional()
    .transform((value, ctx) => {
      if (!hasPayPassword || !value) {
        ctx.addIssue({
          code: 'custom',
          message: key(hasPayPassword ? 'payPasswordRequired' : 'payPasswordNotSet'),
        });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * A withdrawal `{ amount, payPassword, address }`: the amount at or above `minimum` (and within
 * the other limits), the pay password entered, and a non-empty address. When the account has no
 * pay password yet, `payPassword` always fails with "Please set a pay password first".
 *
 * @example
 * validators.withdrawal({ minimum: '0.01', hasPayPassword: true }).safeParse(form)
 */
function withdrawal(options: WithdrawalOptions) {
  return z.object({
    amount: amount(options),
    payPassword: payPasswordEntry(options.hasPayPassword),
    address: requiredString('addressRequired'),
  });
}

/**
 * An internal transfer `{ account, amount }`: the receiving account must not be empty; the
 * amount follows `validators.amount(options)`.
 */
function internalTransfer(options: AmountOptions = {}) {
  return z.object({
    account: requiredString('accountRequired'),
    amount: amount(options),
  });
}

// ── Exports, coupons, programmes ────────────────────────────────────────────────────────

function isRange(value: unknown): value is readonly [number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((end) => typeof end === 'number' && Number.isFinite(end))
  );
}

/**
 * A date range `[startMs, endMs]` (epoch milliseconds, as a range picker gives it): required,
 * start not after end, and at most {@link EXPORT_RANGE_MAX_DAYS} (366) days from start to end.
 */
const exportRange = z
  .custom<readonly [number, number]>(isRange, { error: key('dateRangeRequired') })
  .superRefine(([start, end], ctx) => {
    if (start > end) {
      ctx.addIssue({ code: 'custom', message: key('dateRangeOrder') });
    } else if (end - start > EXPORT_RANGE_MAX_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        message: key('dateRangeTooLong'),
        params: { days: EXPORT_RANGE_MAX_DAYS },
      });
    }
  });

/** A coupon code: required (trimmed). One code redeems one coupon; the server checks that. */
const couponCode = requiredString('couponCodeRequired');

/** The accounts chosen for a third-party authorisation: at least one ("Select at least one account"). */
const thirdPartyAuthorisation = z
  .array(z.union([z.string(), z.number()]), { error: key('accountSelectionRequired') })
  .min(1, { error: key('accountSelectionRequired') });

/** The terms checkbox at registration: must be ticked (`true`). */
const termsAccepted = z.literal(true, { error: key('termsRequired') });

/** What the ticket form knows about the account's second channels. */
export interface TicketOptions {
  hasBoundEmail: boolean;
  hasAuthenticator: boolean;
}

/**
 * A support ticket `{ title, content }`: both required (trimmed), the title at most 100 and the
 * content at most 2000 characters. The account must have a bound email or an authenticator;
 * otherwise a form-level issue (empty path, field `''`) asks to bind one first.
 */
function ticket(options: TicketOptions) {
  const canReply = options.hasBoundEmail || options.hasAuthenticator;
  return z
    .object({
      title: requiredString('ticketTitleRequired').max(TICKET_TITLE_MAX_LENGTH, {
        error: key('ticketTitleTooLong'),
      }),
      content: requiredString('ticketContentRequired').max(TICKET_CONTENT_MAX_LENGTH, {
        error: key('ticketContentTooLong'),
      }),
    })
    .refine(() => canReply, { error: key('ticketContactRequired'), when: () => true });
}

/**
 * The email a red packet is received with: a valid email equal to the account's bound email
 * (compared trimmed and case-insensitively).
 */
function redPacketEmail(boundEmail: string) {
  const expected = boundEmail.trim().toLowerCase();
  return email.refine((value) => value.toLowerCase() === expected, {
    error: key('redPacketEmailMismatch'),
  });
}

/** The documents of a payment-evidence upload (files, or their upload ids): at least one. */
const paymentEvidence = z
  .array(z.unknown(), { error: key('paymentEvidenceRequired') })
  .min(1, { error: key('paymentEvidenceRequired') });

/** A time zone setting in the form `UTC±hh:mm` (see `isTimezone`). */
const timezone = z
  .string({ error: key('timezoneInvalid') })
  .refine(isTimezone, { error: key('timezoneInvalid') });

/**
 * A payout address of `coin`: required (trimmed), and of the coin's shape — prefix, alphabet
 * and length only, no checksum (see `miningAddressPattern`). A wrong shape gives "The address
 * is wrong".
 */
function miningAddress(coin: CoinId) {
  return requiredString('addressRequired').regex(miningAddressPattern(coin), {
    error: key('addressInvalid'),
  });
}

/**
 * The validators of PoolKit's forms, as zod schemas whose error messages are i18n keys
 * (`validation.<key>`, see `i18n/locales/en.ts`). Entries are schemas, or factories for rules
 * that depend on context (`withdrawal(options)`, `ticket(options)`, `miningAddress(coin)`, …).
 * Turn a failed parse into form errors with `fieldErrors(result.error)`.
 *
 * @example
 * const result = validators.phone.safeParse('1381234567');
 * if (!result.success) validationMessageKey(result.error) // 'validation.phoneInvalid'
 */
export const validators = {
  phone,
  email,
  subAccountName,
  workerName,
  totpCode,
  verificationCode,
  passkeyNickname,
  observerNickname,
  observerAddress,
  password,
  loginPassword,
  payPassword,
  passwordConfirmation,
  payPasswordConfirmation,
  passwordForm,
  payPasswordForm,
  amount,
  withdrawal,
  internalTransfer,
  exportRange,
  couponCode,
  thirdPartyAuthorisation,
  termsAccepted,
  ticket,
  redPacketEmail,
  paymentEvidence,
  timezone,
  miningAddress,
};
