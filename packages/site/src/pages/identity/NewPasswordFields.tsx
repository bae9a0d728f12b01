import { TextField } from '../../app/ui';

/** One value per field of {@link NewPasswordFields}: the new password and its confirmation. */
interface PasswordPair<T> {
  password: T;
  confirm: T;
}

/**
 * A new password and its confirmation, both offered to the browser's password generator;
 * `names` gives them form names (a page form the password manager saves).
 */
export function NewPasswordFields({
  labels,
  values,
  errors,
  onChange,
  names,
}: {
  labels: PasswordPair<string>;
  values: PasswordPair<string>;
  errors: PasswordPair<string | undefined>;
  onChange: PasswordPair<(value: string) => void>;
  names?: PasswordPair<string>;
}) {
  return (['password', 'confirm'] as const).map((field) => (
    <TextField
      key={field}
      label={labels[field]}
      name={names?.[field]}
      type="password"
      autoComplete="new-password"
      value={values[field]}
      error={errors[field]}
      onChange={(event) => onChange[field](event.target.value)}
    />
  ));
}
