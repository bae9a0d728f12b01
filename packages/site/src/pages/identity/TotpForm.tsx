import { Button } from '@poolkit/widgets';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, uiStyles } from '../../app/ui';

/**
 * The authenticator step of a sign-in, for an account with 2FA: the code of its authenticator
 * app, and (`onBack`) a way back to the first step.
 */
export function TotpForm({
  code,
  onCode,
  error,
  busy,
  onSubmit,
  onBack,
}: {
  code: string;
  onCode: (code: string) => void;
  error?: string | undefined;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={uiStyles.authCard}>
      <h1 className={uiStyles.pageTitle}>{t('site.login.totpTitle')}</h1>
      <p className={uiStyles.muted}>{t('site.login.totpHint')}</p>
      <form className={uiStyles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('site.login.totpCode')}
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={error}
          onChange={(event) => onCode(event.target.value)}
        />
        <Button type="submit" loading={busy}>
          {t('site.login.verify')}
        </Button>
        {onBack === undefined ? null : (
          <Button variant="ghost" onClick={onBack}>
            {t('site.login.back')}
          </Button>
        )}
      </form>
    </div>
  );
}
