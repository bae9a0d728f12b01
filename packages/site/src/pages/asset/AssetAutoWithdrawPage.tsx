import { describeError, isApiError } from '@poolkit/core/client';
import type { AutoWithdraw, UserInfo, WithdrawAddress } from '@poolkit/core/contract';
import type { CoinId } from '@poolkit/core/domain';
import { Button, Dialog, StatusTag } from '@poolkit/widgets';
import Big from 'big.js';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../app/DialogFooter';
import { reportError, showMessage } from '../../app/feedback';
import { coinMoney } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import {
  Card,
  DataSection,
  DataTable,
  EmptyState,
  PageFrame,
  SelectField,
  TextField,
  uiStyles,
} from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { encryptedPassword } from '../identity/identity';
import {
  NO_VALIDATION,
  SecondValidationField,
  type SecondValidationValue,
  secondValidationToken,
} from '../user/SecondValidation';
import { AssetTabs } from './AssetTabs';
import { PayPasswordDialog } from './PayPasswordDialog';

/** What the dialog sets: a new setting, a change of one, or switching one off. */
type Editing =
  | { mode: 'set'; account: string; coin: CoinId }
  | { mode: 'off'; account: string; coin: CoinId };

type FieldErrors = Partial<
  Record<'account' | 'coin' | 'address_id' | 'threshold' | 'pay_password' | 'code', string>
>;

/** The server's field names as the dialog's fields. */
const FIELD_OF: Readonly<Record<string, keyof FieldErrors>> = {
  account: 'account',
  coin: 'coin',
  address_id: 'address_id',
  threshold: 'threshold',
  pay_password: 'pay_password',
  key_id: 'pay_password',
  validation_token: 'code',
  code: 'code',
};

function AutoWithdrawDialog({
  editing,
  onClose,
  user,
  accounts,
  addresses,
  settings,
  onSaved,
}: {
  editing: Editing | null;
  onClose: () => void;
  user: UserInfo;
  accounts: readonly string[];
  addresses: readonly WithdrawAddress[];
  settings: readonly AutoWithdraw[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const [account, setAccount] = useState('');
  const [coin, setCoin] = useState<CoinId>('btc');
  const [addressId, setAddressId] = useState('');
  const [threshold, setThreshold] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const coins = useMemo(
    () => [...new Set(addresses.map((entry) => entry.coin))].sort(),
    [addresses],
  );
  const rules = useApiData(
    async (signal) => services.api.withdrawRules({ query: { coin } }, { signal }),
    [coin],
    { silent: true },
  );
  const minimum =
    rules.status === 'ready'
      ? new Big(rules.data.min_amount).plus(rules.data.fee).toFixed()
      : undefined;

  useEffect(() => {
    if (editing === null) return;
    const current = settings.find(
      (setting) => setting.account === editing.account && setting.coin === editing.coin,
    );
    setAccount(editing.account);
    setCoin(editing.coin);
    setAddressId(current?.address_id ?? '');
    setThreshold(current?.threshold ?? '');
    setPayPassword('');
    setValidation(NO_VALIDATION);
    setErrors({});
  }, [editing, settings]);

  const coinAddresses = addresses.filter((entry) => entry.coin === coin);
  useEffect(() => {
    if (coinAddresses.length > 0 && !coinAddresses.some((entry) => entry.id === addressId)) {
      setAddressId(coinAddresses[0]?.id ?? '');
    }
  }, [coinAddresses, addressId]);

  async function save() {
    if (editing === null) return;
    const found: FieldErrors = {};
    const on = editing.mode === 'set';
    if (on && addressId === '') found.address_id = t('site.autoWithdraw.addressRequired');
    if (on) {
      const value = threshold.trim();
      if (!/^\d+(\.\d+)?$/.test(value) || new Big(value).lte(0)) {
        found.threshold = t('site.autoWithdraw.thresholdInvalid');
      } else if (minimum !== undefined && new Big(value).lt(minimum)) {
        found.threshold = t('site.autoWithdraw.thresholdBelow', { minimum });
      }
    }
    if (payPassword === '') found.pay_password = t('site.autoWithdraw.payPasswordRequired');
    if (validation.passkeyToken === null && validation.code.trim() === '') {
      found.code = t('site.autoWithdraw.codeRequired');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const token = await secondValidationToken(services, user, 'auto_withdraw', validation);
      const secret = await encryptedPassword(services, payPassword);
      const common = {
        coin,
        account,
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: token,
      };
      await services.api.updateAutoWithdraw({
        body: on
          ? { ...common, enabled: true, address_id: addressId, threshold: threshold.trim() }
          : { ...common, enabled: false },
      });
      showMessage(
        on ? t('site.autoWithdraw.saved') : t('site.autoWithdraw.switchedOff'),
        'success',
      );
      onClose();
      onSaved();
    } catch (error) {
      const field = isApiError(error) ? error.fields?.[0]?.field : undefined;
      const target = field === undefined ? undefined : FIELD_OF[field];
      // A refused passkey validation (expired, spent): the code field comes back.
      if (target === 'code' && validation.passkeyToken !== null) setValidation(NO_VALIDATION);
      if (target === undefined) reportError(error);
      else setErrors({ [target]: describeError(error, (key) => t(key)) });
    } finally {
      setBusy(false);
    }
  }

  const on = editing?.mode !== 'off';
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={on ? t('site.autoWithdraw.setTitle') : t('site.autoWithdraw.offTitle')}
      description={on ? t('site.autoWithdraw.setIntro') : t('site.autoWithdraw.offIntro')}
      footer={
        <DialogFooter>
          <Button loading={busy} onClick={() => void save()}>
            {on ? t('common.save') : t('site.autoWithdraw.switchOff')}
          </Button>
        </DialogFooter>
      }
    >
      <div className={`${uiStyles.form} ${uiStyles.flush}`}>
        {on ? (
          <>
            <SelectField
              label={t('site.autoWithdraw.account')}
              value={account}
              options={accounts.map((name) => ({ value: name, label: name }))}
              onChange={setAccount}
            />
            <SelectField
              label={t('site.autoWithdraw.coin')}
              value={coin}
              options={coins.map((id) => ({ value: id, label: id.toUpperCase() }))}
              onChange={setCoin}
            />
            <SelectField
              label={t('site.autoWithdraw.address')}
              value={addressId}
              options={coinAddresses.map((entry) => ({
                value: entry.id,
                label: `${entry.alias} · ${entry.address}`,
              }))}
              onChange={setAddressId}
            />
            {errors.address_id ? <p className={uiStyles.fieldError}>{errors.address_id}</p> : null}
            <TextField
              label={t('site.autoWithdraw.threshold', { coin: coin.toUpperCase() })}
              inputMode="decimal"
              autoComplete="off"
              value={threshold}
              error={errors.threshold}
              onChange={(event) => setThreshold(event.target.value)}
            />
            {minimum !== undefined ? (
              <p className={`${uiStyles.muted} ${uiStyles.flush}`}>
                {t('site.autoWithdraw.thresholdHint', {
                  minimum: coinMoney(minimum, coin),
                  fee: coinMoney(rules.data?.fee, coin),
                })}
              </p>
            ) : null}
          </>
        ) : (
          <p className={uiStyles.flush}>
            {editing?.account} · {editing?.coin.toUpperCase()}
          </p>
        )}
        <TextField
          label={t('site.autoWithdraw.payPassword')}
          type="password"
          autoComplete="off"
          value={payPassword}
          error={errors.pay_password}
          onChange={(event) => setPayPassword(event.target.value)}
        />
        <SecondValidationField
          user={user}
          scene="auto_withdraw"
          value={validation}
          onChange={setValidation}
          error={errors.code}
        />
        {on ? (
          <p className={`${uiStyles.muted} ${uiStyles.flush}`}>
            {t('site.autoWithdraw.pauseNote')}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

/**
 * `/asset/auto-withdraw` (not in the spec's routes: PoolKit's path beside the wallet's two):
 * each mining account's auto-withdraw per coin, paid once a day from 02:00 UTC when the
 * available balance reaches the threshold; set, changed and switched off with the pay password
 * and a second validation.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [payPasswordOpen, setPayPasswordOpen] = useState(false);
  const user = useApiData(async (signal) => api.userInfo({}, { signal }), []);
  const settings = useApiData(async (signal) => api.autoWithdrawSettings({}, { signal }), []);
  const addresses = useApiData(async (signal) => api.withdrawAddresses({}, { signal }), []);
  const accounts = useApiData(async (signal) => api.accounts({}, { signal }), []);
  const info = user.status === 'ready' ? user.data : undefined;
  const addressList = addresses.data?.list ?? [];
  const accountNames = (accounts.data?.list ?? []).map((account) => account.name);
  const mainAccount =
    accounts.data?.list.find((account) => account.main)?.name ?? accountNames[0] ?? '';
  const addressOf = (id: string | null) => addressList.find((entry) => entry.id === id);

  return (
    <PageFrame title={t('site.routes.AssetAutoWithdraw')}>
      <AssetTabs current="AssetAutoWithdraw" />
      <Card title={t('site.routes.AssetAutoWithdraw')}>
        <p className={uiStyles.muted}>{t('site.autoWithdraw.intro')}</p>
        {info !== undefined && !info.pay_password_set ? (
          <EmptyState
            text={t('site.autoWithdraw.needPayPassword')}
            action={
              <Button onClick={() => setPayPasswordOpen(true)}>
                {t('site.wallet.setPayPassword')}
              </Button>
            }
          />
        ) : addresses.status === 'ready' && addressList.length === 0 ? (
          <EmptyState text={t('site.autoWithdraw.needAddress')} />
        ) : (
          <div className={`${uiStyles.row} ${uiStyles.rowBetween}`}>
            <span />
            <Button
              disabled={info === undefined || addressList.length === 0 || mainAccount === ''}
              onClick={() =>
                setEditing({
                  mode: 'set',
                  account: mainAccount,
                  coin: addressList[0]?.coin ?? 'btc',
                })
              }
            >
              {t('site.autoWithdraw.add')}
            </Button>
          </div>
        )}
        <DataSection
          data={settings}
          isEmpty={(value) => value.list.length === 0}
          emptyText={t('site.autoWithdraw.none')}
        >
          {(data) => (
            <DataTable<AutoWithdraw>
              caption={t('site.routes.AssetAutoWithdraw')}
              rows={data.list}
              rowKey={(row) => `${row.account}:${row.coin}`}
              stackOnPhones
              columns={[
                {
                  key: 'coin',
                  header: t('site.autoWithdraw.coin'),
                  cell: (row) => `${row.coin.toUpperCase()} · ${row.account}`,
                },
                {
                  key: 'state',
                  header: t('site.autoWithdraw.state'),
                  cell: (row) => (
                    <StatusTag tone={row.enabled ? 'success' : 'neutral'} size="sm">
                      {row.enabled ? t('site.autoWithdraw.on') : t('site.autoWithdraw.off')}
                    </StatusTag>
                  ),
                },
                {
                  key: 'address',
                  header: t('site.autoWithdraw.address'),
                  cell: (row) => {
                    const address = addressOf(row.address_id);
                    return address === undefined ? '—' : `${address.alias} · ${address.address}`;
                  },
                },
                {
                  key: 'threshold',
                  header: t('site.autoWithdraw.thresholdShort'),
                  cell: (row) =>
                    row.threshold === null ? '—' : coinMoney(row.threshold, row.coin),
                },
                {
                  key: 'paid',
                  header: t('site.autoWithdraw.lastPaid'),
                  cell: (row) => row.last_paid_day ?? '—',
                },
                {
                  key: 'actions',
                  header: t('site.autoWithdraw.actions'),
                  cell: (row) => (
                    <span className={uiStyles.row}>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() =>
                          setEditing({ mode: 'set', account: row.account, coin: row.coin })
                        }
                      >
                        {row.enabled
                          ? t('site.autoWithdraw.change')
                          : t('site.autoWithdraw.switchOn')}
                      </Button>
                      {row.enabled ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() =>
                            setEditing({ mode: 'off', account: row.account, coin: row.coin })
                          }
                        >
                          {t('site.autoWithdraw.switchOff')}
                        </Button>
                      ) : null}
                    </span>
                  ),
                },
              ]}
            />
          )}
        </DataSection>
      </Card>
      {info !== undefined ? (
        <>
          <AutoWithdrawDialog
            editing={editing}
            onClose={() => setEditing(null)}
            user={info}
            accounts={accountNames}
            addresses={addressList}
            settings={settings.data?.list ?? []}
            onSaved={settings.reload}
          />
          <PayPasswordDialog
            open={payPasswordOpen}
            onOpenChange={setPayPasswordOpen}
            user={info}
            onSaved={user.reload}
          />
        </>
      ) : null}
    </PageFrame>
  );
}
