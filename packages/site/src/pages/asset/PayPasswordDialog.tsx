import type { UserInfo } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button, Dialog } from '@poolkit/widgets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../app/DialogFooter';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { uiStyles } from '../../app/ui';
import { encryptedPassword, type FormErrors, validateFields } from '../identity/identity';
import { NewPasswordFields } from '../identity/NewPasswordFields';
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
        <DialogFooter>
          <Button loading={busy} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </DialogFooter>
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
        <NewPasswordFields
          labels={{
            password: t('site.wallet.newPayPassword'),
            confirm: t('site.wallet.confirmPayPassword'),
          }}
          values={{ password: payPassword, confirm: confirmPayPassword }}
          errors={{ password: errors.payPassword, confirm: errors.confirmPayPassword }}
          onChange={{ password: setPayPassword, confirm: setConfirmPayPassword }}
        />
      </div>
    </Dialog>
  );
}
