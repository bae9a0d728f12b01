import { ApiError } from '@poolkit/core/client';
import { validators } from '@poolkit/core/validators';
import { Button } from '@poolkit/widgets';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useNavigate, useSearchParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, TabList, TextField, uiStyles } from '../../app/ui';
import { ContactFields } from './ContactFields';
import {
  completeLogin,
  encryptedPassword,
  type FormErrors,
  useCaptcha,
  validateFields,
} from './identity';
import {
  cancelPasskeyCeremony,
  isAbortedCeremony,
  passkeyAutofillSupported,
  passkeyErrorKey,
  signInWithPasskey,
} from './passkey';
import { TotpForm } from './TotpForm';
import { ThirdPartyButtons } from './thirdParty';

type Channel = 'email' | 'phone';

/**
 * Login by email or phone: captcha solved in the browser, password encrypted with the server's
 * key, then the authenticator step when the account has 2FA; or with a passkey (the button, or
 * the browser's autofill list on the user-name field where it offers one); back to `redirect`
 * afterwards.
 */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const captcha = useCaptcha(services);
  const [channel, setChannel] = useState<Channel>('email');
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState('86');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [ticket, setTicket] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const doneRef = useRef<(tokens: { token: string; refresh_token: string }) => void>(() => {});

  function done(tokens: { token: string; refresh_token: string }) {
    void navigate(completeLogin(services, tokens, search.get('redirect')), { replace: true });
  }

  doneRef.current = done;

  // The browser's autofill prompt (conditional UI): a passkey offered in the user-name field's
  // suggestions signs in at once. Cancelled when the page goes away.
  useEffect(() => {
    let active = true;
    void (async () => {
      if (!(await passkeyAutofillSupported()) || !active) return;
      try {
        const tokens = await signInWithPasskey(services, true);
        if (active) doneRef.current(tokens);
      } catch (error) {
        // The browser's own refusals stay silent here (no passkey picked, none on the device):
        // the user just signs in another way. The site's refusal of a picked passkey is said.
        if (!active || isAbortedCeremony(error) || !(error instanceof ApiError)) return;
        const key = passkeyErrorKey(error, 'login');
        if (key === undefined) reportError(error);
        else showMessage(t(key), 'error');
      }
    })();
    return () => {
      active = false;
      cancelPasskeyCeremony();
    };
  }, [services, t]);

  async function submitPasskey() {
    setPasskeyBusy(true);
    try {
      done(await signInWithPasskey(services));
    } catch (error) {
      if (isAbortedCeremony(error)) return;
      const key = passkeyErrorKey(error, 'login');
      if (key === undefined) reportError(error);
      else showMessage(t(key), 'error');
    } finally {
      setPasskeyBusy(false);
    }
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    const found = validateFields(t, [
      channel === 'email'
        ? { field: 'email', schema: validators.email, value: email }
        : { field: 'phone', schema: validators.phone, value: phone },
      { field: 'password', schema: validators.loginPassword, value: password },
    ]);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const query = await captcha.solve();
      const secret = await encryptedPassword(services, password);
      const body =
        channel === 'email'
          ? { type: 'email' as const, email: email.trim(), ...secret }
          : { type: 'phone' as const, country_code: countryCode, phone: phone.trim(), ...secret };
      const result = await services.api.login({ query, body });
      if (result.status === 'ok') done(result);
      else setTicket(result.login_ticket);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (ticket === null) return;
    const found = validateFields(t, [{ field: 'code', schema: validators.totpCode, value: code }]);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      done(await services.api.totpLogin({ body: { login_ticket: ticket, code: code.trim() } }));
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  if (ticket !== null) {
    return (
      <TotpForm
        code={code}
        onCode={setCode}
        error={errors.code}
        busy={busy}
        onSubmit={(event) => void submitCode(event)}
        onBack={() => setTicket(null)}
      />
    );
  }

  return (
    <div className={uiStyles.authCard}>
      <h1 className={uiStyles.pageTitle}>{t('site.login.title')}</h1>
      <TabList
        label={t('site.login.method')}
        value={channel}
        onChange={(value) => {
          setChannel(value === 'phone' ? 'phone' : 'email');
          setErrors({});
        }}
        tabs={[
          { value: 'email', label: t('site.login.byEmail') },
          { value: 'phone', label: t('site.login.byPhone') },
        ]}
      />
      <form className={uiStyles.form} onSubmit={(event) => void submitPassword(event)} noValidate>
        <ContactFields
          purpose="signIn"
          byPhone={channel === 'phone'}
          values={{ email, countryCode, phone }}
          onChange={(field, value) =>
            ({ email: setEmail, countryCode: setCountryCode, phone: setPhone })[field](value)
          }
          errors={errors}
        />
        <TextField
          label={t('site.form.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {captcha.verifying ? (
          <p role="status" className={uiStyles.muted}>
            {t('site.form.verifyingHuman')}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          {t('site.login.submit')}
        </Button>
        <Button variant="secondary" loading={passkeyBusy} onClick={() => void submitPasskey()}>
          {t('site.login.passkey')}
        </Button>
        <div className={`${uiStyles.row} ${uiStyles.rowBetween}`}>
          <AppLink
            to={channel === 'email' ? '/resetpassword/email' : '/resetpassword/phone'}
            className={uiStyles.link}
          >
            {t('site.login.forgot')}
          </AppLink>
          <AppLink
            to={channel === 'email' ? '/register/email' : '/register/phone'}
            className={uiStyles.link}
          >
            {t('site.login.register')}
          </AppLink>
        </div>
      </form>
      <ThirdPartyButtons redirect={search.get('redirect')} />
    </div>
  );
}
