import { validators } from '@poolkit/core/validators';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { uiStyles } from '../../app/ui';
import { CodeField } from './CodeField';
import { ContactFields } from './ContactFields';
import { type FormErrors, useCaptcha, type Validator, validateFields } from './identity';
import { NewPasswordFields } from './NewPasswordFields';
import { resendWaitOf } from './resend';

/** The values of {@link CodePasswordFields}: where the code goes, the code and a new password. */
export interface CodePasswordValues {
  email: string;
  countryCode: string;
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** One field check of `validateFields`, for the checks a page adds around the shared ones. */
type FieldCheck = { field: string; schema: Validator; value: unknown };

/** The state and actions of {@link CodePasswordFields}, from {@link useCodePasswordForm}. */
export interface CodePasswordForm {
  byPhone: boolean;
  values: CodePasswordValues;
  set: (field: keyof CodePasswordValues) => (value: string) => void;
  errors: FormErrors;
  sending: boolean;
  verifying: boolean;
  /** Validates the address or phone, then solves the captcha and sends the code. */
  /** See `CodeField`'s `onSend`: `true` sent, a number of seconds to wait, `false` not sent. */
  sendCode: () => Promise<boolean | number>;
  /**
   * Validates the page's own checks (`before`, `after`) around the shared ones (address or
   * phone, code, password and confirmation), shows the messages and says whether all passed.
   */
  validate: (before?: readonly FieldCheck[], after?: readonly FieldCheck[]) => boolean;
  /** Shows messages of the page's own fields. */
  setErrors: (errors: FormErrors) => void;
}

/**
 * The state of a "code to email or phone, then a new password" form (registration and password
 * reset): values, validation with core's validators, and sending the code for `scene`.
 */
export function useCodePasswordForm(
  scene: 'register' | 'reset_password',
  byPhone: boolean,
): CodePasswordForm {
  const { t } = useTranslation();
  const services = useServices();
  const captcha = useCaptcha(services);
  const [values, setValues] = useState<CodePasswordValues>({
    email: '',
    countryCode: '86',
    phone: '',
    code: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [sending, setSending] = useState(false);
  const target: FieldCheck = byPhone
    ? { field: 'phone', schema: validators.phone, value: values.phone }
    : { field: 'email', schema: validators.email, value: values.email };

  async function sendCode(): Promise<boolean | number> {
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
            scene,
          }
        : { channel: 'email' as const, email: values.email.trim(), scene };
      await services.api.sendCode({ query, body });
      showMessage(t('site.form.codeSent'), 'success');
      return true;
    } catch (error) {
      // A code sent less than 60 s ago still works: count down instead of showing the refusal.
      const wait = resendWaitOf(error);
      if (wait !== undefined) return wait;
      reportError(error);
      return false;
    } finally {
      setSending(false);
    }
  }

  function validate(before: readonly FieldCheck[] = [], after: readonly FieldCheck[] = []) {
    const found = validateFields(t, [
      ...before,
      target,
      { field: 'code', schema: validators.verificationCode, value: values.code },
      {
        field: 'password',
        schema: validators.passwordForm,
        value: { password: values.password, confirmPassword: values.confirmPassword },
      },
      ...after,
    ]);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  return {
    byPhone,
    values,
    set: (field) => (value) => setValues((old) => ({ ...old, [field]: value })),
    errors,
    sending,
    verifying: captcha.verifying,
    sendCode,
    validate,
    setErrors,
  };
}

/**
 * The shared fields of registration and password reset: email (or country code and phone), the
 * verification code with its resend countdown, a password and its confirmation.
 */
export function CodePasswordFields({
  form,
  passwordLabel,
}: {
  form: CodePasswordForm;
  /** The label of the first password field ("Password" or "New password"). */
  passwordLabel: string;
}) {
  const { t } = useTranslation();
  const { values, set, errors } = form;
  return (
    <>
      <ContactFields
        purpose="account"
        byPhone={form.byPhone}
        values={values}
        onChange={(field, value) => set(field)(value)}
        errors={errors}
      />
      <CodeField
        value={values.code}
        onChange={set('code')}
        error={errors.code}
        onSend={form.sendCode}
        sending={form.sending}
      />
      <NewPasswordFields
        labels={{ password: passwordLabel, confirm: t('site.form.confirmPassword') }}
        values={{ password: values.password, confirm: values.confirmPassword }}
        errors={{ password: errors.password, confirm: errors.confirmPassword }}
        onChange={{ password: set('password'), confirm: set('confirmPassword') }}
        names={{ password: 'password', confirm: 'confirmPassword' }}
      />
    </>
  );
}

/** "Verifying you are human…" while the captcha of {@link useCodePasswordForm} runs. */
export function VerifyingNotice({ form }: { form: CodePasswordForm }) {
  const { t } = useTranslation();
  return form.verifying ? (
    <p role="status" className={uiStyles.muted}>
      {t('site.form.verifyingHuman')}
    </p>
  ) : null;
}
