import { isApiError } from '@poolkit/core/client';
import { type ContractOrder, ERROR_CODES } from '@poolkit/core/contract';
import {
  AlertDialog,
  Button,
  CopyButton,
  EvidenceUpload,
  FormField,
  OrderStatusSteps,
  PasswordInput,
  StatusTag,
} from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCache } from '../../app/apiCache';
import { reportError, showMessage } from '../../app/feedback';
import { coinMoney, dateTime, hashrate, money } from '../../app/format';
import { useParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, EmptyState, PageFrame, Skeleton, Stats, uiStyles } from '../../app/ui';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { PayPasswordDialog } from '../asset/PayPasswordDialog';
import { encryptedPassword } from '../identity/identity';
import { ContractTabs } from './ContractTabs';
import { openEvidence, orderTone, uploadEvidence } from './contract';
import * as styles from './contract.css';

/**
 * Pays an unpaid order from its account's wallet with the pay password. An account without a
 * pay password (known from the user info, or from the server's 40008 refusal) gets the reason
 * and a button that opens the pay-password setting right here, so the order is not left.
 */
function WalletPay({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  const services = useServices();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const user = useApiData(async (signal) => services.api.userInfo({}, { signal }), []);
  const [refusedNotSet, setRefusedNotSet] = useState(false);
  const [settingOpen, setSettingOpen] = useState(false);
  const notSet = refusedNotSet || (user.status === 'ready' && !user.data.pay_password_set);
  async function pay(event: FormEvent) {
    event.preventDefault();
    if (password === '') {
      setError(t('validation.payPasswordRequired'));
      return;
    }
    setBusy(true);
    try {
      const secret = await encryptedPassword(services, password);
      const paid = await services.api.payContractOrder({
        params: { order_id: order.id },
        body: { pay_password: secret.password, key_id: secret.key_id },
      });
      showMessage(t('contracts.pay.done', { date: paid.effective_date ?? '' }), 'success');
      setPassword('');
    } catch (failure) {
      if (isApiError(failure) && failure.code === ERROR_CODES.payPasswordNotSet) {
        setRefusedNotSet(true);
      } else {
        reportError(failure);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <form noValidate onSubmit={(event) => void pay(event)} className={styles.payForm}>
      <p className={uiStyles.muted}>
        {t('contracts.pay.walletHint', {
          amount: money(order.pay_amount, order.currency),
          account: order.account,
        })}
      </p>
      {notSet ? (
        <div className={uiStyles.row} data-testid="pay-password-missing">
          <p role="alert" className={`${uiStyles.muted} ${uiStyles.flush} ${uiStyles.grow}`}>
            {t('validation.payPasswordNotSet')}
          </p>
          {user.status === 'ready' ? (
            <>
              <Button type="button" variant="secondary" onClick={() => setSettingOpen(true)}>
                {t('site.wallet.setPayPassword')}
              </Button>
              <PayPasswordDialog
                open={settingOpen}
                onOpenChange={setSettingOpen}
                user={user.data}
                onSaved={() => {
                  setRefusedNotSet(false);
                  user.reload();
                }}
              />
            </>
          ) : null}
        </div>
      ) : null}
      <FormField label={t('contracts.pay.payPassword')} error={error} required>
        <PasswordInput
          value={password}
          autoComplete="off"
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <div className={uiStyles.row}>
        <Button type="submit" loading={busy}>
          {t('contracts.pay.submit', { amount: money(order.pay_amount, order.currency) })}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/contract/order/:order_id`: one order with its status steps, its information (spec section 3)
 * and evidence; while unpaid, the two ways to pay (wallet, or transfer and evidence upload) and
 * cancelling.
 */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const { order_id: orderId = '' } = useParams();
  const [cancelling, setCancelling] = useState(false);
  // Through the read cache: paying or cancelling (writes of its group) fetches it again.
  const order = useEndpoint('contractOrder', { params: { order_id: orderId } });

  async function cancel() {
    try {
      await services.api.cancelContractOrder({ params: { order_id: orderId } });
      showMessage(t('contracts.cancel.done', { id: orderId }), 'success');
    } catch (error) {
      reportError(error);
      // The order may have changed meanwhile (paid, expired): show it as it is now.
      order.reload();
    } finally {
      setCancelling(false);
    }
  }

  if (order.status === 'loading') {
    return (
      <PageFrame title={t('site.routes.ContractOrderDetail')}>
        <Card>
          <Skeleton lines={8} />
        </Card>
      </PageFrame>
    );
  }
  if (order.status !== 'ready') {
    return (
      <PageFrame title={t('site.routes.ContractOrderDetail')}>
        <ContractTabs current={null} />
        <Card>
          <EmptyState
            text={t('contracts.order.notFound')}
            action={<AppLink to="/contract/order">{t('site.routes.ContractOrder')}</AppLink>}
          />
        </Card>
      </PageFrame>
    );
  }
  const data = order.data;
  return (
    <PageFrame
      title={`${t('site.routes.ContractOrderDetail')} #${data.id}`}
      actions={<StatusTag tone={orderTone(data.status)}>{t(`status.${data.status}`)}</StatusTag>}
    >
      <ContractTabs current={null} />
      <Card>
        <OrderStatusSteps status={data.status} payMethod={data.pay_method} />
      </Card>
      {data.status === 'reject' && data.reject_reason !== null ? (
        <Card title={t('contracts.order.rejectReason')}>
          <p>{data.reject_reason}</p>
        </Card>
      ) : null}
      {data.status === 'unpaid' ? (
        <Card title={t('contracts.pay.title')}>
          <p role="note">{t('contracts.pay.deadline', { time: dateTime(data.pay_deadline) })}</p>
          <h3>{t('contracts.pay.wallet')}</h3>
          <WalletPay order={data} />
          <h3>{t('contracts.pay.transfer')}</h3>
          <p className={uiStyles.muted}>
            {t('contracts.pay.transferHint', { amount: money(data.pay_amount, data.currency) })}
          </p>
          <div className={uiStyles.row}>
            <code className={uiStyles.breakAnywhere}>{data.pay_address}</code>
            <CopyButton value={data.pay_address} />
          </div>
          <EvidenceUpload
            upload={(files, onProgress) =>
              uploadEvidence(services.session, data.id, files, onProgress)
            }
            onUploaded={() => {
              showMessage(t('contracts.pay.sentForReview'), 'success');
              // The upload is no call of the API client: its reads are invalidated here.
              apiCache.invalidateGroups(['cloudContracts']);
            }}
          />
          <div className={`${uiStyles.row} ${uiStyles.spacedAbove}`}>
            <Button variant="secondary" onClick={() => setCancelling(true)}>
              {t('contracts.cancel.action')}
            </Button>
          </div>
        </Card>
      ) : null}
      <Card title={data.product_name}>
        <Stats
          items={[
            { label: t('contracts.order.id'), value: data.id },
            { label: t('contracts.order.batch'), value: data.batch },
            { label: t('contracts.order.createdAt'), value: dateTime(data.created_at), wide: true },
            { label: t('contracts.order.payAmount'), value: money(data.pay_amount, data.currency) },
            { label: t('contracts.order.account'), value: data.account },
            { label: t('contracts.order.quantity'), value: data.quantity },
            { label: t('contracts.order.miner'), value: data.miner },
            { label: t('contracts.order.power'), value: hashrate(data.power, data.coin) },
            { label: t('contracts.order.effectiveDate'), value: data.effective_date ?? '—' },
            {
              label: t('contracts.order.endTime'),
              value: data.end_time === null ? '—' : dateTime(data.end_time),
              wide: true,
            },
            {
              label: t('contracts.order.electricityFee'),
              value: coinMoney(data.electricity_fee, data.coin),
            },
            {
              label: t('contracts.order.managementFee'),
              value: `${coinMoney(data.management_fee, data.coin)} (${t('contracts.product.managementValue', { percent: data.management_fee_percent })})`,
              wide: true,
            },
            {
              label: t('contracts.order.estimated'),
              value: coinMoney(data.estimated_earnings, data.coin),
            },
            {
              label: t('contracts.order.actual'),
              value: coinMoney(data.actual_earnings, data.coin),
            },
          ]}
        />
        <p className={uiStyles.spacedAbove}>
          <AppLink
            to={`/contract/order/${encodeURIComponent(data.id)}/profit`}
            className={uiStyles.link}
          >
            {t('contracts.order.profit')}
          </AppLink>
        </p>
      </Card>
      <Card title={t('contracts.order.evidence')}>
        {data.payment_certificates.length === 0 ? (
          <p className={uiStyles.muted}>{t('contracts.order.noEvidence')}</p>
        ) : (
          <div className={uiStyles.row}>
            {data.payment_certificates.map((url, index) => (
              <Button
                key={url}
                variant="ghost"
                size="sm"
                onClick={() => void openEvidence(services.session, url).catch(reportError)}
              >
                {t('contracts.order.file', { index: index + 1 })}
              </Button>
            ))}
          </div>
        )}
      </Card>
      <AlertDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('contracts.cancel.action')}
        description={t('contracts.cancel.confirm', { id: data.id })}
        tone="danger"
        showCancel
        onAction={() => void cancel()}
        labels={{ action: t('contracts.cancel.action'), cancel: t('contracts.cancel.keep') }}
      />
    </PageFrame>
  );
}
