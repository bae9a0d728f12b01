import type { UserInfo } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button, Dialog } from '@poolkit/widgets';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../app/DialogFooter';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { uiStyles } from '../../app/ui';
import { CodeInput } from '../identity/CodeField';
import { ContactFields } from '../identity/ContactFields';
import {
  encryptedPassword,
  type FormErrors,
  useCaptcha,
  validateFields,
} from '../identity/identity';
import { NewPasswordFields } from '../identity/NewPasswordFields';
import { useResendCountdown } from '../identity/resend';
import {
  NO_VALIDATION,
  SecondValidationField,
  type SecondValidationValue,
  secondValidationToken,
  useHasSecondFactor,
  validateSecondValidation,
} from './SecondValidation';

type Action = 'password' | 'email' | 'phone' | 'cancel';

type SecurityUser = Pick<
  UserInfo,
  'verify_type' | 'email' | 'phone' | 'country_code' | 'settings' | 'cancellation' | 'totp_enabled'
>;

/** Runs an async step with a busy flag; reports its error. */
function useRunner(): [boolean, (step: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  async function run(step: () => Promise<void>) {
    setBusy(true);
    try {
      await step();
    } catch (caught) {
      reportError(caught);
    } finally {
      setBusy(false);
    }
  }
  return [busy, run];
}

function ActionDialog({
  title,
  description,
  onClose,
  onConfirm,
  confirm,
  busy,
  danger = false,
  children,
}: {
  title: string;
  description?: string;
  onClose: () => void;
  onConfirm: () => void;
  confirm: string;
  busy: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      footer={
        <DialogFooter>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </DialogFooter>
      }
    >
      <div className={`${uiStyles.form} ${uiStyles.flush}`}>{children}</div>
    </Dialog>
  );
}

/** Password change: second validation (code or passkey), then the new password twice. */
function PasswordDialog({ user, onClose }: { user: SecurityUser; onClose: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, run] = useRunner();

  function save() {
    const found = {
      ...validateSecondValidation(t, validation),
      ...validateFields(t, [
        {
          field: 'password',
          schema: validators.passwordForm,
          value: { password, confirmPassword },
        },
      ]),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      const token = await secondValidationToken(services, user, 'change_password', validation);
      const secret = await encryptedPassword(services, password);
      await services.api.changePassword({ body: { ...secret, validation_token: token } });
      showMessage(t('site.security.passwordChanged'), 'success');
      onClose();
    });
  }

  return (
    <ActionDialog
      title={t('site.security.changePassword')}
      description={t('site.security.validateFirst')}
      onClose={onClose}
      onConfirm={save}
      confirm={t('common.save')}
      busy={busy}
    >
      <SecondValidationField
        user={user}
        scene="change_password"
        value={validation}
        onChange={setValidation}
        error={errors.code}
      />
      <NewPasswordFields
        labels={{ password: t('site.form.newPassword'), confirm: t('site.form.confirmPassword') }}
        values={{ password, confirm: confirmPassword }}
        errors={{ password: errors.password, confirm: errors.confirmPassword }}
        onChange={{ password: setPassword, confirm: setConfirmPassword }}
      />
    </ActionDialog>
  );
}

/**
 * Email or phone change (spec section 2: verify the old address, then the new): first a second
 * validation by the current channel or a passkey, then a code sent to the new address. A user
 * with no second factor at all (`firstFactor`) has nothing to validate with: the first email or
 * phone is bound with the new address's code alone (the server's decision, see
 * `changeEmailBodySchema` in core), so the dialog opens on the new address.
 */
function ContactDialog({
  kind,
  user,
  firstFactor,
  onClose,
  onChanged,
}: {
  kind: 'email' | 'phone';
  user: SecurityUser;
  firstFactor: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const captcha = useCaptcha(services);
  const scene = kind === 'email' ? 'change_email' : 'change_phone';
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [token, setToken] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState(user.country_code ?? '86');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, run] = useRunner();
  const countdown = useResendCountdown();

  function verifyOld() {
    const found = validateSecondValidation(t, validation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      setToken(await secondValidationToken(services, user, scene, validation));
    });
  }

  function targetErrors(): FormErrors {
    return validateFields(t, [
      kind === 'email'
        ? { field: 'email', schema: validators.email, value: email }
        : { field: 'phone', schema: validators.phone, value: phone },
    ]);
  }

  function sendNewCode() {
    const found = targetErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void countdown.send(async () => {
      const query = await captcha.solve();
      await services.api.sendCode({
        query,
        body:
          kind === 'email'
            ? { channel: 'email', email: email.trim(), scene: 'bind_email' }
            : {
                channel: 'sms',
                country_code: countryCode,
                phone: phone.trim(),
                scene: 'bind_phone',
              },
      });
      showMessage(t('site.form.codeSent'), 'success');
    }, reportError);
  }

  function save() {
    if (token === null && !firstFactor) return;
    const validationToken = token === null ? {} : { validation_token: token };
    const found = {
      ...targetErrors(),
      ...validateFields(t, [{ field: 'code', schema: validators.verificationCode, value: code }]),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      if (kind === 'email') {
        await services.api.changeEmail({
          body: { email: email.trim(), code: code.trim(), ...validationToken },
        });
      } else {
        await services.api.changePhone({
          body: {
            country_code: countryCode,
            phone: phone.trim(),
            code: code.trim(),
            ...validationToken,
          },
        });
      }
      showMessage(
        t(kind === 'email' ? 'site.security.emailChanged' : 'site.security.phoneChanged'),
        'success',
      );
      onChanged();
      onClose();
    });
  }

  const title =
    kind === 'email'
      ? user.email
        ? t('site.security.changeEmail')
        : t('site.security.bindEmail')
      : user.phone
        ? t('site.security.changePhone')
        : t('site.security.bindPhone');
  if (token === null && !firstFactor) {
    return (
      <ActionDialog
        title={title}
        description={t('site.security.verifyOld')}
        onClose={onClose}
        onConfirm={verifyOld}
        confirm={t('site.security.next')}
        busy={busy}
      >
        <SecondValidationField
          user={user}
          scene={scene}
          value={validation}
          onChange={setValidation}
          error={errors.code}
        />
      </ActionDialog>
    );
  }
  return (
    <ActionDialog
      title={title}
      description={t(
        kind === 'email' ? 'site.security.newEmailHint' : 'site.security.newPhoneHint',
      )}
      onClose={onClose}
      onConfirm={save}
      confirm={t('common.save')}
      busy={busy}
    >
      <ContactFields
        purpose="change"
        byPhone={kind === 'phone'}
        values={{ email, countryCode, phone }}
        onChange={(field, value) =>
          ({ email: setEmail, countryCode: setCountryCode, phone: setPhone })[field](value)
        }
        errors={errors}
      />
      <CodeInput
        name="new_code"
        value={code}
        onChange={setCode}
        error={errors.code}
        onSend={sendNewCode}
        sending={countdown.sending}
        left={countdown.left}
      />
      {captcha.verifying ? (
        <p role="status" className={uiStyles.muted}>
          {t('site.form.verifyingHuman')}
        </p>
      ) : null}
    </ActionDialog>
  );
}

/**
 * Account cancellation (spec sections 2 and 4): the 30-day notice, a second validation, then
 * every session ends; signing in again within 30 days revokes it.
 */
function CancelDialog({ user, onClose }: { user: SecurityUser; onClose: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, run] = useRunner();

  function confirm() {
    const found = validateSecondValidation(t, validation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      const token = await secondValidationToken(services, user, 'cancellation', validation);
      const answer = await services.api.requestCancellation({ body: { validation_token: token } });
      services.session.logout();
      showMessage(
        t('site.security.cancelRequested', {
          date: dateTime(answer.final_at, user.settings.timezone),
        }),
        'success',
      );
      void navigate('/login');
    });
  }

  return (
    <ActionDialog
      title={t('site.security.cancelAccount')}
      description={t('site.security.cancelNotice')}
      onClose={onClose}
      onConfirm={confirm}
      confirm={t('site.security.cancelConfirm')}
      busy={busy}
      danger
    >
      <SecondValidationField
        user={user}
        scene="cancellation"
        value={validation}
        onChange={setValidation}
        error={errors.code}
      />
    </ActionDialog>
  );
}

/**
 * The account's security actions: password, email (bind one when there is none), phone,
 * cancellation. A user with no second factor at all (signed up through a provider not marked
 * trusted: no email, phone, authenticator or passkey) is told to bind an email or a phone
 * first, and binds it without a validation step.
 */
export function SecuritySection({
  user,
  onChanged,
}: {
  user: SecurityUser;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);
  const hasFactor = useHasSecondFactor(user);
  return (
    <div className={`${uiStyles.form} ${uiStyles.flush}`}>
      {hasFactor === false ? (
        <p className={uiStyles.muted} data-testid="no-second-factor">
          {t('site.security.noFactor')}
        </p>
      ) : null}
      <div className={uiStyles.row}>
        <Button variant="secondary" onClick={() => setOpen('password')}>
          {t('site.security.changePassword')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('email')}>
          {user.email ? t('site.security.changeEmail') : t('site.security.bindEmail')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('phone')}>
          {user.phone ? t('site.security.changePhone') : t('site.security.bindPhone')}
        </Button>
        <Button variant="danger" onClick={() => setOpen('cancel')}>
          {t('site.security.cancelAccount')}
        </Button>
      </div>
      {open === 'password' ? <PasswordDialog user={user} onClose={close} /> : null}
      {open === 'email' || open === 'phone' ? (
        <ContactDialog
          kind={open}
          user={user}
          firstFactor={hasFactor === false}
          onClose={close}
          onChanged={onChanged}
        />
      ) : null}
      {open === 'cancel' ? <CancelDialog user={user} onClose={close} /> : null}
    </div>
  );
}
