import { describeError, isApiError } from '@poolkit/core/client';
import type { SecurityScene, UserInfo } from '@poolkit/core/contract';
import type { TransferDialogField, TransferDialogRefusal } from '@poolkit/widgets/TransferDialog';
import type { TFunction } from 'i18next';
import type { Services } from '../../app/services';
import { resendWaitOf } from '../identity/resend';

/**
 * A random idempotency key (32 hex characters). `crypto.getRandomValues` works on plain http
 * too, where `crypto.randomUUID` does not.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends the code of a second validation the way the user verifies (email or SMS); an
 * authenticator needs nothing sent, so it answers `undefined`.
 *
 * The sender resolves `undefined` when a code went out, or the seconds to wait when the server
 * refused because one went out less than 60 s ago (that code still works): the "send code"
 * buttons then count down instead of showing the refusal's raw text. Other errors reject.
 */
export function codeSender(
  services: Services,
  user: Pick<UserInfo, 'verify_type'>,
  scene: SecurityScene,
): (() => Promise<number | undefined>) | undefined {
  const waitingOr = async (send: () => Promise<unknown>): Promise<number | undefined> => {
    try {
      await send();
      return undefined;
    } catch (error) {
      const wait = resendWaitOf(error);
      if (wait === undefined) throw error;
      return wait;
    }
  };
  switch (user.verify_type) {
    case 'email':
      return () => waitingOr(() => services.api.sendVerifiedEmailCode({ body: { scene } }));
    case 'sms':
      return () => waitingOr(() => services.api.sendSmsCode({ body: { scene } }));
    case 'totp':
      return undefined;
    default:
      return user.verify_type satisfies never;
  }
}

const FIELDS: Readonly<Record<string, TransferDialogField>> = {
  to_account: 'toAccount',
  from_account: 'toAccount',
  amount: 'amount',
  pay_password: 'payPassword',
  key_id: 'payPassword',
  code: 'code',
  validation_token: 'code',
};

/**
 * A refusal as a dialog shows it: the server's message, under the dialog's field that `fields`
 * maps the server's field to (above the buttons when none).
 */
export function refusalWith<Field extends string>(
  error: unknown,
  t: TFunction,
  fields: Readonly<Record<string, Field>>,
): { message: string; field?: Field } {
  const message = describeError(error, (key) => t(key));
  const field = isApiError(error) ? error.fields?.[0]?.field : undefined;
  const target = field === undefined ? undefined : fields[field];
  return target === undefined ? { message } : { message, field: target };
}

/** A refused transfer as the dialog shows it: the server's message under the field it names. */
export function refusalOf(error: unknown, t: TFunction): TransferDialogRefusal {
  return refusalWith(error, t, FIELDS);
}

/** The label of a second validation's code field: where the code comes from. */
export function codeLabel(t: TFunction, verifyType: UserInfo['verify_type']): string {
  switch (verifyType) {
    case 'email':
      return t('site.wallet.emailCode');
    case 'sms':
      return t('site.form.code');
    case 'totp':
      return t('site.user.totpCode');
    default:
      return verifyType satisfies never;
  }
}
