import { isApiError } from '@poolkit/core/client';
import type { PasswordReset } from '@poolkit/core/contract';
import { formatTimezone } from '@poolkit/core/format';
import { Button, Dialog } from '@poolkit/widgets';
import { PasskeyList, type PasskeyListItem } from '@poolkit/widgets/PasskeyList';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../app/DialogFooter';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { AppLink, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { useRouteName } from '../../app/useRouteName';
import { CodePasswordFields, useCodePasswordForm, VerifyingNotice } from './CodePasswordFields';
import { encryptedPassword } from './identity';

/** The zone of this device as `UTC±hh:mm`: nobody is signed in here to have a setting. */
function deviceTimezone(): string {
  return formatTimezone(-new Date().getTimezoneOffset() || 0);
}

/**
 * The screen after a reset ("I lost control"): the reset ended every session, API key
 * and app authorisation, but a passkey still signs in without the password, so the account's
 * passkeys are listed here (name, added, last used) with a remove button. Nobody is signed in:
 * the reset's recovery token (15 minutes, good for these two calls only) authorises the list
 * and the removals; once it expires the page says to sign in and use the security settings.
 */
export function ReviewPasskeys({ recoveryToken }: { recoveryToken: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const list = useApiData(
    async (signal) => api.recoveryPasskeys({ body: { recovery_token: recoveryToken } }, { signal }),
    [recoveryToken],
    { silent: true },
  );
  const [removing, setRemoving] = useState<PasskeyListItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const timezone = deviceTimezone();

  async function remove() {
    if (removing === null) return;
    setBusy(true);
    try {
      await api.recoveryDeletePasskey({
        params: { id: removing.id },
        body: { recovery_token: recoveryToken },
      });
      showMessage(t('site.reset.removed'), 'success');
      list.reload();
    } catch (caught) {
      if (isApiError(caught) && caught.status === 401) setExpired(true);
      else reportError(caught);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  const listExpired =
    list.status === 'error' && isApiError(list.error) && list.error.status === 401;
  return (
    <div className={uiStyles.wideColumn}>
      <h2>{t('site.reset.reviewTitle')}</h2>
      <p className={uiStyles.muted}>{t('site.reset.reviewHint')}</p>
      {expired || listExpired ? (
        <p role="alert">{t('site.reset.expired')}</p>
      ) : (
        <PasskeyList
          passkeys={list.status === 'ready' ? list.data.list : []}
          loading={list.status === 'loading'}
          error={list.status === 'error'}
          onRetry={list.reload}
          timezone={timezone}
          hideTitle
          onRemove={setRemoving}
          removingId={busy ? (removing?.id ?? null) : null}
        />
      )}
      <AppLink to="/login" className={uiStyles.link}>
        {t('site.reset.backToLogin')}
      </AppLink>
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setRemoving(null);
        }}
        title={t('site.reset.removeTitle')}
        description={t('site.reset.removeHint', { name: removing?.nickname ?? '' })}
        footer={
          <DialogFooter>
            <Button variant="danger" loading={busy} onClick={() => void remove()}>
              {t('site.passkeys.delete')}
            </Button>
          </DialogFooter>
        }
      />
    </div>
  );
}

/**
 * Password reset with an email code (`/resetpassword/email`) or SMS code (`/resetpassword/phone`);
 * then {@link ReviewPasskeys}.
 */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const byPhone = useRouteName() === 'ResetPasswordPhone';
  const form = useCodePasswordForm('reset_password', byPhone);
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<PasswordReset | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    try {
      const secret = await encryptedPassword(services, values.password);
      const code = values.code.trim();
      const answer = byPhone
        ? await services.api.resetPasswordPhone({
            body: { country_code: values.countryCode, phone: values.phone.trim(), code, ...secret },
          })
        : await services.api.resetPasswordEmail({
            body: { email: values.email.trim(), code, ...secret },
          });
      showMessage(t('site.reset.success'), 'success');
      setDone(answer);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame
      title={byPhone ? t('site.routes.ResetPasswordPhone') : t('site.routes.ResetPasswordEmail')}
    >
      <div className={done === null ? uiStyles.authCard : uiStyles.authCardWide}>
        {done !== null ? (
          <ReviewPasskeys recoveryToken={done.recovery_token} />
        ) : (
          <form className={uiStyles.form} onSubmit={(event) => void submit(event)} noValidate>
            <CodePasswordFields form={form} passwordLabel={t('site.form.newPassword')} />
            <VerifyingNotice form={form} />
            <Button type="submit" loading={busy}>
              {t('site.reset.submit')}
            </Button>
            <div className={`${uiStyles.row} ${uiStyles.rowBetween}`}>
              <AppLink
                to={byPhone ? '/resetpassword/email' : '/resetpassword/phone'}
                className={uiStyles.link}
              >
                {byPhone ? t('site.register.useEmail') : t('site.register.usePhone')}
              </AppLink>
              <AppLink to="/login" className={uiStyles.link}>
                {t('site.reset.backToLogin')}
              </AppLink>
            </div>
          </form>
        )}
      </div>
    </PageFrame>
  );
}
