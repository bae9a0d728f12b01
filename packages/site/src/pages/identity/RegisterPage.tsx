import { isApiError } from '@poolkit/core/client';
import { inviteCodeSchema } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useNavigate, useSearchParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, PageFrame, TextField, uiStyles } from '../../app/ui';
import { useRouteName } from '../../app/useRouteName';
import { CodePasswordFields, useCodePasswordForm, VerifyingNotice } from './CodePasswordFields';
import { completeLogin, encryptedPassword } from './identity';

/** Registration by email (`/register/email`) or phone (`/register/phone`). */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const byPhone = useRouteName() === 'RegisterPhone';
  const form = useCodePasswordForm('register', byPhone);
  const { values, errors } = form;
  const [username, setUsername] = useState('');
  const [terms, setTerms] = useState(false);
  // The invitation code of an invite link (`?invite_code=`), kept while the form's steps run
  // and carried to the other registration method's link.
  const [inviteCode, setInviteCode] = useState(() => search.get('invite_code') ?? '');
  const [inviteError, setInviteError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = form.validate(
      [{ field: 'username', schema: validators.subAccountName, value: username }],
      [{ field: 'terms', schema: validators.termsAccepted, value: terms }],
    );
    const invite = inviteCode.trim();
    if (invite !== '' && !inviteCodeSchema.safeParse(invite).success) {
      setInviteError(t('site.invitations.codeInvalid'));
      return;
    }
    if (!valid) return;
    setBusy(true);
    try {
      const secret = await encryptedPassword(services, values.password);
      const common = {
        username: username.trim(),
        code: values.code.trim(),
        terms_accepted: true as const,
        ...(invite === '' ? {} : { invite_code: invite }),
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
      if (isApiError(error) && error.fields.some((item) => item.field === 'invite_code')) {
        setInviteError(t('site.invitations.codeUnknown'));
      } else reportError(error);
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
            value={username}
            error={errors.username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <CodePasswordFields form={form} passwordLabel={t('site.form.password')} />
          <TextField
            label={t('site.invitations.codeOptional')}
            name="invite_code"
            autoComplete="off"
            value={inviteCode}
            error={inviteError}
            onChange={(event) => {
              setInviteCode(event.target.value);
              setInviteError(undefined);
            }}
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
          <VerifyingNotice form={form} />
          <Button type="submit" loading={busy}>
            {t('site.register.submit')}
          </Button>
          <div className={`${uiStyles.row} ${uiStyles.rowBetween}`}>
            <AppLink
              to={`${byPhone ? '/register/email' : '/register/phone'}${search.size > 0 ? `?${search.toString()}` : ''}`}
              className={uiStyles.link}
            >
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
