import type { SecurityScene, UserInfo } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button, Dialog } from '@poolkit/widgets';
import type { PasskeyOutcome } from '@poolkit/widgets/TransferDialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import type { Services } from '../../app/services';
import { useServices } from '../../app/servicesContext';
import { TextField, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { codeLabel, codeSender } from '../asset/wallet';
import { type FormErrors, validateFields } from '../identity/identity';
import {
  isAbortedCeremony,
  passkeyErrorKey,
  passkeyOutcome,
  passkeyValidation,
} from '../identity/passkey';
import { useResendCountdown } from '../identity/resend';

/** What the user gave for a second validation: a code, or a token a passkey already won. */
export interface SecondValidationValue {
  readonly code: string;
  readonly passkeyToken: string | null;
}

/** An empty {@link SecondValidationValue}. */
export const NO_VALIDATION: SecondValidationValue = { code: '', passkeyToken: null };

/** Checks the code unless a passkey validated already; `{}` when fine. */
export function validateSecondValidation(
  t: Parameters<typeof validateFields>[0],
  value: SecondValidationValue,
): FormErrors {
  if (value.passkeyToken !== null) return {};
  return validateFields(t, [
    { field: 'code', schema: validators.verificationCode, value: value.code.trim() },
  ]);
}

/** The validation token of `scene`: the passkey's, or one exchanged for the code. */
export async function secondValidationToken(
  services: Services,
  user: Pick<UserInfo, 'verify_type'>,
  scene: SecurityScene,
  value: SecondValidationValue,
): Promise<string> {
  if (value.passkeyToken !== null) return value.passkeyToken;
  const answer = await services.api.secondValidation({
    body: { verify_type: user.verify_type, code: value.code.trim(), scene },
  });
  return answer.validation_token;
}

/**
 * Whether the user holds a second factor to validate with: a bound email or phone, the
 * authenticator, or a passkey (asked for only when none of the others is there); `null` while
 * the passkeys load. A user with none (signed up through a provider not marked trusted) binds
 * the first email or phone with the new address's code alone: the server's decision, see
 * `changeEmailBodySchema` in core. The server decides from the account, so a wrong guess here
 * only costs an error message.
 */
export function useHasSecondFactor(
  user: Pick<UserInfo, 'email' | 'phone' | 'totp_enabled'>,
): boolean | null {
  const services = useServices();
  const known = Boolean(user.email) || Boolean(user.phone) || user.totp_enabled;
  const passkeys = useApiData(
    known ? null : async (signal) => services.api.passkeys({}, { signal }),
    [known],
    { silent: true },
  );
  if (known) return true;
  if (passkeys.status === 'ready') return passkeys.data.list.length > 0;
  return passkeys.status === 'loading' ? null : true;
}

/**
 * The `onPasskey` of a wallet dialog (WithdrawDialog, TransferDialog) while `active` (the dialog
 * open): the passkey check of the scene it names, or `undefined` when the user has no passkey,
 * so the dialog offers only the code.
 */
export function usePasskeyValidation<Scene extends SecurityScene>(
  active: boolean,
): ((scene: Scene) => Promise<PasskeyOutcome>) | undefined {
  const { t } = useTranslation();
  const services = useServices();
  const passkeys = useApiData(
    active ? async (signal) => services.api.passkeys({}, { signal }) : null,
    [active],
    { silent: true },
  );
  if (passkeys.status !== 'ready' || passkeys.data.list.length === 0) return undefined;
  return (scene) => passkeyOutcome(services, scene, (key) => t(key));
}

/**
 * The second validation of a sensitive action: the code of the user's channel (email, SMS or
 * authenticator, with its "send code" button) or, when the user has passkeys, "Use a passkey".
 * A failed passkey says "Verification Failed" and offers to verify another way (the code) or to
 * try again.
 */
export function SecondValidationField({
  user,
  scene,
  value,
  onChange,
  error,
}: {
  user: Pick<UserInfo, 'verify_type'>;
  scene: SecurityScene;
  value: SecondValidationValue;
  onChange: (value: SecondValidationValue) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const passkeys = useApiData(async (signal) => services.api.passkeys({}, { signal }), []);
  const hasPasskey = passkeys.status === 'ready' && passkeys.data.list.length > 0;
  const send = codeSender(services, user, scene);
  const countdown = useResendCountdown();
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);

  async function sendCode() {
    if (!send) return;
    // codeSender answers the seconds to wait when a code went out less than 60 s ago.
    const outcome = await countdown.send(send, reportError);
    if (outcome === 'sent') showMessage(t('site.form.codeSent'), 'success');
  }

  async function validateWithPasskey() {
    setFailed(false);
    setChecking(true);
    try {
      const token = await passkeyValidation(services, scene);
      onChange({ code: '', passkeyToken: token });
    } catch (caught) {
      if (isAbortedCeremony(caught)) return;
      const key = passkeyErrorKey(caught, 'validate');
      if (key === 'errors.verificationFailed') setFailed(true);
      else if (key === undefined) reportError(caught);
      else showMessage(t(key), 'error');
    } finally {
      setChecking(false);
    }
  }

  if (value.passkeyToken !== null) {
    return (
      <p role="status" className={uiStyles.muted} data-testid="passkey-validated">
        {t('site.passkeys.validated')}
      </p>
    );
  }
  return (
    <div className={`${uiStyles.form} ${uiStyles.flush}`}>
      <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
        <div className={uiStyles.grow}>
          <TextField
            label={codeLabel(t, user.verify_type)}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={value.code}
            error={error}
            onChange={(event) => onChange({ code: event.target.value, passkeyToken: null })}
          />
        </div>
        {send ? (
          <Button
            variant="secondary"
            loading={countdown.sending}
            disabled={countdown.left > 0}
            data-testid="send-code"
            onClick={() => void sendCode()}
          >
            {countdown.left > 0
              ? t('site.form.resendIn', { seconds: countdown.left })
              : t('site.form.sendCode')}
          </Button>
        ) : null}
      </div>
      {hasPasskey ? (
        <div>
          <Button variant="ghost" loading={checking} onClick={() => void validateWithPasskey()}>
            {t('site.passkeys.useForValidation')}
          </Button>
        </div>
      ) : null}
      <Dialog
        open={failed}
        onOpenChange={setFailed}
        title={t('errors.verificationFailed')}
        description={t('site.passkeys.validationFailedHint')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setFailed(false)}>
              {t('errors.verifyAnotherWay')}
            </Button>
            <Button onClick={() => void validateWithPasskey()}>{t('errors.tryAgain')}</Button>
          </>
        }
      />
    </div>
  );
}
