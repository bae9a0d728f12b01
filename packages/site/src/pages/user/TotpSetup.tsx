import { validators } from '@poolkit/core/validators';
import { Button, QRCode } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { TextField, uiStyles } from '../../app/ui';
import { validateFields } from '../identity/identity';
import { resendWaitOf } from '../identity/resend';

type Step =
  | { name: 'start' }
  | { name: 'email' }
  | { name: 'secret'; secret: string; otpauthUrl: string; validationToken: string };

/** The most bytes the widgets' QR code holds (version 10, level M). */
const QR_MAX_BYTES = 213;

/**
 * Whether the `otpauth://` link fits in a QR code. A very long account name can push it past
 * the widget's capacity: then only the secret is shown, which every app accepts typed in.
 */
export function otpauthFitsQr(url: string): boolean {
  return new TextEncoder().encode(url).length <= QR_MAX_BYTES;
}

/**
 * Turns on the authenticator (TOTP): a code to the verified email proves it is the owner, then
 * the app's first code binds the new secret. Calls `onEnabled` when it is on.
 */
export function TotpSetup({ onEnabled }: { onEnabled: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [step, setStep] = useState<Step>({ name: 'start' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      reportError(caught);
    } finally {
      setBusy(false);
    }
  }

  function validCode(): boolean {
    const found = validateFields(t, [
      { field: 'code', schema: validators.verificationCode, value: code },
    ]);
    setError(found.code);
    return found.code === undefined;
  }

  /**
   * Sends the email code and moves on. When the server says a code went out less than 60 s ago
   * (say, after going back and starting again), that code still works: move on and say so
   * instead of showing the refusal.
   */
  const start = () =>
    run(async () => {
      try {
        await api.sendVerifiedEmailCode({ body: { scene: 'totp' } });
        showMessage(t('site.form.codeSent'), 'success');
      } catch (caught) {
        if (resendWaitOf(caught) === undefined) throw caught;
        showMessage(t('site.form.codeRecentlySent'), 'success');
      }
      setCode('');
      setStep({ name: 'email' });
    });

  const confirmEmail = () => {
    if (!validCode()) return;
    void run(async () => {
      const validation = await api.secondValidation({
        body: { verify_type: 'email', code: code.trim(), scene: 'totp' },
      });
      const secret = await api.totpSecret({});
      setCode('');
      setStep({
        name: 'secret',
        secret: secret.secret,
        otpauthUrl: secret.otpauth_url,
        validationToken: validation.validation_token,
      });
    });
  };

  const enable = (validationToken: string) => {
    if (!validCode()) return;
    void run(async () => {
      await api.totpValidation({
        body: { code: code.trim(), validation_token: validationToken },
      });
      showMessage(t('site.user.totpEnabled'), 'success');
      onEnabled();
    });
  };

  switch (step.name) {
    case 'start':
      return (
        <div className={`${uiStyles.form} ${uiStyles.flush}`}>
          <p className={uiStyles.muted}>{t('site.user.totpIntro')}</p>
          <div>
            <Button loading={busy} onClick={() => void start()}>
              {t('site.user.totpSetup')}
            </Button>
          </div>
        </div>
      );
    case 'email':
      return (
        <div className={`${uiStyles.form} ${uiStyles.flush}`}>
          <TextField
            label={t('site.user.totpEmailCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value)}
          />
          <div>
            <Button loading={busy} onClick={confirmEmail}>
              {t('site.user.totpContinue')}
            </Button>
          </div>
        </div>
      );
    case 'secret':
      return (
        <div className={`${uiStyles.form} ${uiStyles.flush}`}>
          {otpauthFitsQr(step.otpauthUrl) ? (
            <>
              <p className={uiStyles.muted}>{t('site.user.totpScanHint')}</p>
              <div data-testid="totp-qr">
                <QRCode value={step.otpauthUrl} size={200} label={t('site.user.totpQr')} />
              </div>
            </>
          ) : null}
          <p className={uiStyles.muted}>{t('site.user.totpSecretHint')}</p>
          <p>
            <span className={uiStyles.label}>{t('site.user.totpSecret')}</span>{' '}
            <code data-testid="totp-secret" className={uiStyles.breakAnywhere}>
              {step.secret}
            </code>
          </p>
          <TextField
            label={t('site.user.totpCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value)}
          />
          <div>
            <Button loading={busy} onClick={() => enable(step.validationToken)}>
              {t('site.user.totpEnable')}
            </Button>
          </div>
        </div>
      );
    default:
      return step satisfies never;
  }
}
