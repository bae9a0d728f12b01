import { Button } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, PageFrame, uiStyles } from '../../app/ui';
import { useRouteName } from '../../app/useRouteName';
import { CodePasswordFields, useCodePasswordForm, VerifyingNotice } from './CodePasswordFields';
import { encryptedPassword } from './identity';

/** Password reset with an email code (`/resetpassword/email`) or SMS code (`/resetpassword/phone`). */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const byPhone = useRouteName() === 'ResetPasswordPhone';
  const form = useCodePasswordForm('reset_password', byPhone);
  const { values } = form;
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    try {
      const secret = await encryptedPassword(services, values.password);
      const code = values.code.trim();
      if (byPhone) {
        await services.api.resetPasswordPhone({
          body: { country_code: values.countryCode, phone: values.phone.trim(), code, ...secret },
        });
      } else {
        await services.api.resetPasswordEmail({
          body: { email: values.email.trim(), code, ...secret },
        });
      }
      showMessage(t('site.reset.success'), 'success');
      void navigate('/login', { replace: true });
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
      <div className={uiStyles.authCard}>
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
      </div>
    </PageFrame>
  );
}
