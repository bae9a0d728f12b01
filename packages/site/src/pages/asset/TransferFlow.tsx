import type { AccountBalance, UserInfo } from '@poolkit/core';
import { TransferDialog, type TransferDialogValues } from '@poolkit/widgets/TransferDialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { encryptedPassword } from '../identity/identity';
import { usePasskeyValidation } from '../user/SecondValidation';
import { transferDoneText } from './doneMessages';
import { codeLabel, codeSender, newIdempotencyKey, refusalOf } from './wallet';

/**
 * The widgets' TransferDialog wired to the API: the code goes out by the user's channel, and a
 * transfer is a second validation (scene `transfer`), then `POST /wallets/transfers` with the
 * encrypted pay password and one idempotency key per opening of the dialog, so a retry after a
 * lost answer never moves the coins twice. A validation whose transfer was refused is used
 * again for the corrected retry (it is spent only when coins move). A user with a passkey may
 * pass the validation with it instead of the code.
 */
export function TransferFlow({
  open,
  onOpenChange,
  user,
  balances,
  onSetPayPassword,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: Pick<UserInfo, 'verify_type' | 'pay_password_set'>;
  balances: readonly AccountBalance[];
  onSetPayPassword: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const key = useRef(newIdempotencyKey());
  // The validation a code was exchanged for: a refused transfer (too little balance, a wrong pay
  // password) keeps it, so the corrected retry needs no new code.
  const validation = useRef<{ code: string; token: string } | null>(null);
  const send = codeSender(services, user, 'transfer');
  const passkey = usePasskeyValidation<'transfer'>(open);

  useEffect(() => {
    if (!open) return;
    key.current = newIdempotencyKey();
    validation.current = null;
  }, [open]);

  async function validationToken(code: string): Promise<string> {
    if (validation.current?.code === code) return validation.current.token;
    const answer = await services.api.secondValidation({
      body: { verify_type: user.verify_type, code, scene: 'transfer' },
    });
    validation.current = { code, token: answer.validation_token };
    return answer.validation_token;
  }

  async function submit(values: TransferDialogValues) {
    try {
      const token = values.passkeyToken ?? (await validationToken(values.code));
      const secret = await encryptedPassword(services, values.payPassword);
      const done = await services.api.transfer({
        body: {
          coin: values.coin as AccountBalance['coin'],
          from_account: values.fromAccount,
          to_account: values.toAccount,
          amount: values.amount,
          pay_password: secret.password,
          key_id: secret.key_id,
          validation_token: token,
          idempotency_key: key.current,
        },
      });
      showMessage(transferDoneText(t, done), 'success');
      return undefined;
    } catch (error) {
      return refusalOf(error, t);
    }
  }

  return (
    <TransferDialog
      open={open}
      onOpenChange={onOpenChange}
      balances={balances}
      hasPayPassword={user.pay_password_set}
      onSetPayPassword={onSetPayPassword}
      {...(send === undefined ? {} : { onSendCode: send })}
      {...(passkey === undefined ? {} : { onPasskey: () => passkey('transfer') })}
      onSubmit={submit}
      labels={{ transferCode: codeLabel(t, user.verify_type) }}
    />
  );
}
