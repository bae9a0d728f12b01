import type { CoinId, SecurityScene, UserInfo, WithdrawAddress } from '@poolkit/core';
import {
  type WithdrawAddressValues,
  WithdrawDialog,
  type WithdrawDialogField,
  type WithdrawDialogValues,
} from '@poolkit/widgets/WithdrawDialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { useEndpoint } from '../../app/useApiData';
import { encryptedPassword } from '../identity/identity';
import { usePasskeyValidation } from '../user/SecondValidation';
import { withdrawDoneText } from './doneMessages';
import { codeLabel, codeSender, newIdempotencyKey, refusalWith } from './wallet';

/** The server's fields of a withdrawal, as the dialog names them. */
const WITHDRAW_FIELDS: Readonly<Record<string, WithdrawDialogField>> = {
  address_id: 'addressId',
  from_account: 'amount',
  amount: 'amount',
  pay_password: 'payPassword',
  key_id: 'payPassword',
  code: 'code',
  validation_token: 'code',
};

/** The server's fields of a new address, as the dialog names them. */
const ADDRESS_FIELDS: Readonly<Record<string, WithdrawDialogField>> = {
  alias: 'alias',
  address: 'address',
  public_key: 'publicKey',
  code: 'addressCode',
  validation_token: 'addressCode',
};

/**
 * The widgets' WithdrawDialog wired to the API, with the address book inside it: the coin's
 * rules and saved addresses load when it opens; a new address is a second validation (scene
 * `withdraw_address`) then `POST /wallets/withdraw-addresses`; the withdrawal a second
 * validation (scene `withdraw`) then `POST /wallets/withdrawals` with the encrypted pay
 * password and one idempotency key per opening, so a retry after a lost answer never pays
 * twice. A validation whose call was refused is used again for the corrected retry. A user with
 * a passkey may pass either validation with it instead of the code.
 */
export function WithdrawFlow({
  open,
  onOpenChange,
  coin,
  available,
  accounts,
  user,
  onSetPayPassword,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coin: CoinId;
  /** The coin's available balance, summed over the user's accounts. */
  available: string;
  /** The user's accounts holding the coin, with their available balances (the coins leave one). */
  accounts: readonly { account: string; available: string }[];
  user: Pick<UserInfo, 'verify_type' | 'pay_password_set' | 'settings'>;
  onSetPayPassword: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { api } = services;
  const key = useRef(newIdempotencyKey());
  const validations = useRef<Partial<Record<SecurityScene, { code: string; token: string }>>>({});
  const rules = useEndpoint('withdrawRules', open ? { query: { coin } } : null);
  const passkey = usePasskeyValidation<'withdraw' | 'withdraw_address'>(open);
  const addresses = useEndpoint('withdrawAddresses', open ? { query: { coin } } : null);

  useEffect(() => {
    if (!open) return;
    key.current = newIdempotencyKey();
    validations.current = {};
  }, [open]);

  async function validationToken(scene: SecurityScene, code: string): Promise<string> {
    const known = validations.current[scene];
    if (known?.code === code) return known.token;
    const answer = await api.secondValidation({
      body: { verify_type: user.verify_type, code, scene },
    });
    validations.current[scene] = { code, token: answer.validation_token };
    return answer.validation_token;
  }

  async function sendCode(scene: 'withdraw' | 'withdraw_address') {
    return await codeSender(services, user, scene)?.();
  }

  async function addAddress(values: WithdrawAddressValues) {
    try {
      const token = values.passkeyToken ?? (await validationToken('withdraw_address', values.code));
      const saved = await api.createWithdrawAddress({
        body: {
          coin: values.coin,
          alias: values.alias,
          address: values.address,
          ...(values.publicKey === undefined ? {} : { public_key: values.publicKey }),
          validation_token: token,
        },
      });
      delete validations.current.withdraw_address;
      showMessage(t('site.wallet.addressSaved', { alias: saved.alias }), 'success');
      return undefined;
    } catch (error) {
      return refusalWith(error, t, ADDRESS_FIELDS);
    }
  }

  async function deleteAddress(address: WithdrawAddress) {
    try {
      await api.deleteWithdrawAddress({ params: { id: address.id } });
      showMessage(t('site.wallet.addressDeleted', { alias: address.alias }), 'success');
    } catch (error) {
      reportError(error);
    }
  }

  async function submit(values: WithdrawDialogValues) {
    try {
      const token = values.passkeyToken ?? (await validationToken('withdraw', values.code));
      const secret = await encryptedPassword(services, values.payPassword);
      const done = await api.withdraw({
        body: {
          coin: values.coin,
          ...(values.fromAccount === undefined ? {} : { from_account: values.fromAccount }),
          address_id: values.addressId,
          amount: values.amount,
          pay_password: secret.password,
          key_id: secret.key_id,
          validation_token: token,
          idempotency_key: key.current,
        },
      });
      showMessage(withdrawDoneText(t, done), 'success');
      return undefined;
    } catch (error) {
      return refusalWith(error, t, WITHDRAW_FIELDS);
    }
  }

  const missing = rules.status === 'missing' || addresses.status === 'missing';
  const failed = rules.status === 'error' || addresses.status === 'error';
  const send = codeSender(services, user, 'withdraw');
  return (
    <WithdrawDialog
      open={open}
      onOpenChange={onOpenChange}
      coin={coin}
      available={available}
      {...(accounts.length === 0 ? {} : { accounts })}
      rules={rules.status === 'ready' ? rules.data : null}
      loading={
        !missing && !failed && (rules.status === 'loading' || addresses.status === 'loading')
      }
      error={missing ? t('site.wallet.withdrawUnavailable') : failed ? true : undefined}
      onRetry={() => {
        rules.reload();
        addresses.reload();
      }}
      addresses={addresses.status === 'ready' ? addresses.data.list : []}
      hasPayPassword={user.pay_password_set}
      onSetPayPassword={onSetPayPassword}
      {...(send === undefined ? {} : { onSendCode: sendCode })}
      {...(passkey === undefined ? {} : { onPasskey: passkey })}
      onAddAddress={addAddress}
      onDeleteAddress={deleteAddress}
      onSubmit={submit}
      timezone={user.settings.timezone}
      labels={{ withdrawCode: codeLabel(t, user.verify_type) }}
    />
  );
}
