import { useTranslation } from 'react-i18next';
import { TextField, uiStyles } from '../../app/ui';

/** The fields' values: an email, or a country code and a phone number. */
export interface ContactValues {
  email: string;
  countryCode: string;
  phone: string;
}

/**
 * What the fields are for, which sets their labels, names and the browser's autofill: `signIn`
 * (the user name of an account, where the browser may also offer a passkey), `account` (the
 * address of a new account or of a password reset), `change` (the new address of a signed-in
 * user).
 */
export type ContactPurpose = 'signIn' | 'account' | 'change';

const FIELDS = {
  signIn: {
    email: { label: 'site.form.email', name: 'email', autoComplete: 'username webauthn' },
    phone: { label: 'site.form.phone', name: 'phone', autoComplete: 'username webauthn' },
    countryCode: 'country_code',
  },
  account: {
    email: { label: 'site.form.email', name: 'email', autoComplete: 'email' },
    phone: { label: 'site.form.phone', name: 'phone', autoComplete: undefined },
    countryCode: 'country_code',
  },
  change: {
    email: { label: 'site.security.newEmail', name: 'new_email', autoComplete: 'email' },
    phone: { label: 'site.security.newPhone', name: 'new_phone', autoComplete: 'tel-national' },
    countryCode: 'new_country_code',
  },
} as const;

/**
 * The address a code goes to: an email field, or (`byPhone`) the country code (digits only) and
 * the phone number side by side.
 */
export function ContactFields({
  purpose,
  byPhone,
  values,
  onChange,
  errors,
}: {
  purpose: ContactPurpose;
  byPhone: boolean;
  values: ContactValues;
  onChange: (field: keyof ContactValues, value: string) => void;
  errors: { email?: string | undefined; phone?: string | undefined };
}) {
  const { t } = useTranslation();
  const fields = FIELDS[purpose];
  if (!byPhone) {
    return (
      <TextField
        label={t(fields.email.label)}
        name={fields.email.name}
        type="email"
        autoComplete={fields.email.autoComplete}
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange('email', event.target.value)}
      />
    );
  }
  return (
    <div className={uiStyles.row}>
      <div className={uiStyles.captchaBox}>
        <TextField
          label={t('site.form.countryCode')}
          name={fields.countryCode}
          inputMode="numeric"
          value={values.countryCode}
          onChange={(event) => onChange('countryCode', event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className={uiStyles.grow}>
        <TextField
          label={t(fields.phone.label)}
          name={fields.phone.name}
          type="tel"
          autoComplete={fields.phone.autoComplete}
          value={values.phone}
          error={errors.phone}
          onChange={(event) => onChange('phone', event.target.value)}
        />
      </div>
    </div>
  );
}
