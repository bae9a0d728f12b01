import { type UserInfo, validators } from '@poolkit/core';
import { Button, Dialog, DialogClose } from '@poolkit/widgets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { TextField, uiStyles } from '../../app/ui';
import { encryptedPassword, type FormErrors, validateFields } from '../identity/identity';
import { codeLabel, codeSender } from './wallet';

/**
 * Sets the first pay password or changes it: a second validation (scene `pay_password`, the
 * code by the user's own channel), then the new pay password typed twice. Calls `onSaved` once
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
  const [code, setCode] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [confirmPayPassword, setConfirmPayPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const send = codeSender(services, user, 'pay_password');

  useEffect(() => {
    if (!open) return;
    setCode('');
    setPayPassword('');
    setConfirmPayPassword('');
    setErrors({});
  }, [open]);

  async function sendCode() {
    if (!send) return;
    setSending(true);
    try {
      await send();
      showMessage(t('site.form.codeSent'), 'success');
    } catch (error) {
      reportError(error);
    } finally {
      setSending(false);
    }
  }

  async function save() {
    const found = validateFields(t, [
      { field: 'code', schema: validators.verificationCode, value: code.trim() },
      {
        field: 'payPassword',
        schema: validators.payPasswordForm,
        value: { payPassword, confirmPayPassword },
      },
    ]);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const validation = await services.api.secondValidation({
        body: { verify_type: user.verify_type, code: code.trim(), scene: 'pay_password' },
      });
      const secret = await encryptedPassword(services, payPassword);
      await services.api.setPayPassword({
        body: {
          pay_password: secret.password,
          key_id: secret.key_id,
          validation_token: validation.validation_token,
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
      description={send ? t('site.wallet.payPasswordIntro') : undefined}
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
        <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
          <div className={uiStyles.grow}>
            <TextField
              label={codeLabel(t, user.verify_type)}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              error={errors.code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          {send ? (
            <Button variant="secondary" loading={sending} onClick={() => void sendCode()}>
              {t('site.form.sendCode')}
            </Button>
          ) : null}
        </div>
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
