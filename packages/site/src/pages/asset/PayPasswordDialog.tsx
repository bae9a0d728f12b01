import { type UserInfo, validators } from '@poolkit/core';
import { Button, Dialog, DialogClose } from '@poolkit/widgets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { TextField, uiStyles } from '../../app/ui';
import { encryptedPassword, type FormErrors, validateFields } from '../identity/identity';
import {
  NO_VALIDATION,
  SecondValidationField,
  type SecondValidationValue,
  secondValidationToken,
  validateSecondValidation,
} from '../user/SecondValidation';

/**
 * Sets the first pay password or changes it: a second validation (scene `pay_password`, the
 * code by the user's own channel or a passkey), then the new pay password typed twice. Calls `onSaved` once
 * the server has it.
 */
export function PayPasswordDialog({
  open,
  onOpenChange,
  user,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: Pick<UserInfo, 'verify_type' | 'pay_password_set'>;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [payPassword, setPayPassword] = useState('');
  const [confirmPayPassword, setConfirmPayPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValidation(NO_VALIDATION);
    setPayPassword('');
    setConfirmPayPassword('');
    setErrors({});
  }, [open]);

  async function save() {
    const found = {
      ...validateSecondValidation(t, validation),
      ...validateFields(t, [
        {
          field: 'payPassword',
          schema: validators.payPasswordForm,
          value: { payPassword, confirmPayPassword },
        },
      ]),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const token = await secondValidationToken(services, user, 'pay_password', validation);
      const secret = await encryptedPassword(services, payPassword);
      await services.api.setPayPassword({
        body: {
          pay_password: secret.password,
          key_id: secret.key_id,
          validation_token: token,
        },
      });
      showMessage(t('site.wallet.payPasswordSaved'), 'success');
      onOpenChange(false);
      onSaved();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  const title = user.pay_password_set
    ? t('site.wallet.changePayPassword')
    : t('site.wallet.setPayPassword');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={user.verify_type === 'totp' ? undefined : t('site.wallet.payPasswordIntro')}
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button loading={busy} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <div className={`${uiStyles.form} ${uiStyles.flush}`}>
        <SecondValidationField
          user={user}
          scene="pay_password"
          value={validation}
          onChange={setValidation}
          error={errors.code}
        />
        <TextField
          label={t('site.wallet.newPayPassword')}
          type="password"
          autoComplete="new-password"
          value={payPassword}
          error={errors.payPassword}
          onChange={(event) => setPayPassword(event.target.value)}
        />
        <TextField
          label={t('site.wallet.confirmPayPassword')}
          type="password"
          autoComplete="new-password"
          value={confirmPayPassword}
          error={errors.confirmPayPassword}
          onChange={(event) => setConfirmPayPassword(event.target.value)}
        />
      </div>
    </Dialog>
  );
}
