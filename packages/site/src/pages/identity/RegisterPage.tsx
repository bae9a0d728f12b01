import { validators } from '@poolkit/core';
import { Button } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { AppLink, PageFrame, TextField, uiStyles } from '../../app/ui';
import { useRouteName } from '../../app/useRouteName';
import { CodeField } from './CodeField';
import {
  completeLogin,
  encryptedPassword,
  type FormErrors,
  useCaptcha,
  validateFields,
} from './identity';

/** Registration by email (`/register/email`) or phone (`/register/phone`). */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const byPhone = useRouteName() === 'RegisterPhone';
  const captcha = useCaptcha(services);
  const [values, setValues] = useState({
    username: '',
    email: '',
    countryCode: '86',
    phone: '',
    code: '',
    password: '',
    confirmPassword: '',
  });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((old) => ({ ...old, [field]: value }));

  const target = byPhone
    ? { field: 'phone', schema: validators.phone, value: values.phone }
    : { field: 'email', schema: validators.email, value: values.email };

  async function sendCode(): Promise<boolean> {
    const found = validateFields(t, [target]);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setSending(true);
    try {
      const query = await captcha.solve();
      const body = byPhone
        ? {
            channel: 'sms' as const,
            country_code: values.countryCode,
            phone: values.phone.trim(),
            scene: 'register' as const,
          }
        : { channel: 'email' as const, email: values.email.trim(), scene: 'register' as const };
      await services.api.sendCode({ query, body });
      showMessage(t('site.form.codeSent'), 'success');
      return true;
    } catch (error) {
      reportError(error);
      return false;
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateFields(t, [
      { field: 'username', schema: validators.subAccountName, value: values.username },
      target,
      { field: 'code', schema: validators.verificationCode, value: values.code },
      {
        field: 'password',
        schema: validators.passwordForm,
        value: { password: values.password, confirmPassword: values.confirmPassword },
      },
      { field: 'terms', schema: validators.termsAccepted, value: terms },
    ]);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const secret = await encryptedPassword(services, values.password);
      const common = {
        username: values.username.trim(),
        code: values.code.trim(),
        terms_accepted: true as const,
        ...secret,
      };
      const tokens = byPhone
        ? await services.api.registerPhone({
            body: { ...common, country_code: values.countryCode, phone: values.phone.trim() },
          })
        : await services.api.registerEmail({ body: { ...common, email: values.email.trim() } });
      showMessage(t('site.register.success'), 'success');
      void navigate(completeLogin(services, tokens, search.get('redirect')), { replace: true });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame title={byPhone ? t('site.routes.RegisterPhone') : t('site.routes.RegisterEmail')}>
      <div className={uiStyles.authCard}>
        <form className={uiStyles.form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t('site.form.username')}
            name="username"
            autoComplete="username"
            value={values.username}
            error={errors.username}
            onChange={(event) => set('username')(event.target.value)}
          />
          {byPhone ? (
            <div className={uiStyles.row}>
              <div style={{ width: 90 }}>
                <TextField
                  label={t('site.form.countryCode')}
                  name="country_code"
                  value={values.countryCode}
                  onChange={(event) => set('countryCode')(event.target.value.replace(/\D/g, ''))}
                />
              </div>
              <div className={uiStyles.grow}>
                <TextField
                  label={t('site.form.phone')}
                  name="phone"
                  type="tel"
                  value={values.phone}
                  error={errors.phone}
                  onChange={(event) => set('phone')(event.target.value)}
                />
              </div>
            </div>
          ) : (
            <TextField
              label={t('site.form.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              error={errors.email}
              onChange={(event) => set('email')(event.target.value)}
            />
          )}
          <CodeField
            value={values.code}
            onChange={set('code')}
            error={errors.code}
            onSend={sendCode}
            sending={sending}
          />
          <TextField
            label={t('site.form.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            error={errors.password}
            onChange={(event) => set('password')(event.target.value)}
          />
          <TextField
            label={t('site.form.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={(event) => set('confirmPassword')(event.target.value)}
          />
          <label className={uiStyles.checkRow}>
            <input
              type="checkbox"
              name="terms"
              checked={terms}
              onChange={(event) => setTerms(event.target.checked)}
            />
            <span className={uiStyles.muted}>
              {t('site.register.acceptTerms')}{' '}
              <AppLink to="/terms" className={uiStyles.link}>
                {t('site.routes.Terms')}
              </AppLink>
            </span>
          </label>
          {errors.terms ? <p className={uiStyles.fieldError}>{errors.terms}</p> : null}
          {captcha.verifying ? (
            <p role="status" className={uiStyles.muted}>
              {t('site.form.verifyingHuman')}
            </p>
          ) : null}
          <Button type="submit" loading={busy}>
            {t('site.register.submit')}
          </Button>
          <div className={uiStyles.row} style={{ justifyContent: 'space-between' }}>
            <AppLink to={byPhone ? '/register/email' : '/register/phone'} className={uiStyles.link}>
              {byPhone ? t('site.register.useEmail') : t('site.register.usePhone')}
            </AppLink>
            <AppLink to="/login" className={uiStyles.link}>
              {t('site.register.haveAccount')}
            </AppLink>
          </div>
        </form>
      </div>
    </PageFrame>
  );
}
