import { isApiError } from '@poolkit/core/client';
import { PAGE_SIZE } from '@poolkit/core/constants';
import type { ApiCouponStatus, Coupon } from '@poolkit/core/contract';
import { COINS, isCoinId } from '@poolkit/core/domain';
import { validators } from '@poolkit/core/validators';
import {
  Button,
  Dialog,
  FormField,
  Input,
  Select,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from '@poolkit/widgets';
import { CouponCard } from '@poolkit/widgets/CouponCard';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../app/DialogFooter';
import { reportError, showMessage } from '../../app/feedback';
import { AnswerPager } from '../../app/listControls';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { Card, CardGrid, DataSection, PageFrame, uiStyles } from '../../app/ui';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { usePools } from '../../app/usePools';
import { validateFields } from '../identity/identity';
import * as styles from './coupon.css';
import { UserTabs } from './UserTabs';

type StateFilter = 'all' | ApiCouponStatus;

const FILTERS: readonly StateFilter[] = ['all', 'unused', 'in_use', 'used', 'expired'];

/** The name of a state filter: "All" or the state's word. */
function filterLabel(t: TFunction, filter: StateFilter): string {
  switch (filter) {
    case 'all':
      return t('site.coupon.all');
    case 'unused':
      return t('status.unused');
    case 'in_use':
      return t('status.inUse');
    case 'used':
      return t('status.used');
    case 'expired':
      return t('status.expired');
    default:
      return filter satisfies never;
  }
}

/** The path of a coupon's page: its batch, then the coupon. */
export function couponPath(coupon: Pick<Coupon, 'id' | 'batch_id'>): string {
  return `/user/coupon/${encodeURIComponent(coupon.batch_id)}/${encodeURIComponent(coupon.id)}`;
}

/** The message for the code field of a refused redemption, or `undefined` for other errors. */
function redeemError(t: TFunction, error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (!error.fields.some((entry) => entry.field === 'code')) return undefined;
  if (error.status === 404) return t('site.coupon.errors.unknown');
  if (error.status === 409) return t('site.coupon.errors.redeemed');
  if (error.status === 400) return t('site.coupon.errors.expired');
  return undefined;
}

/** Redeems a code (spec section 5: a code is required; one code redeems one coupon). */
function RedeemForm({ onRedeemed }: { onRedeemed: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function redeem(event: FormEvent) {
    event.preventDefault();
    const found = validateFields(t, [
      { field: 'code', schema: validators.couponCode, value: code },
    ]);
    setError(found.code);
    if (found.code !== undefined) return;
    setBusy(true);
    try {
      await api.redeemCoupon({ body: { code: code.trim() } });
      setCode('');
      showMessage(t('errors.redeemSuccess'), 'success');
      onRedeemed();
    } catch (caught) {
      const message = redeemError(t, caught);
      if (message === undefined) reportError(caught);
      else setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('site.coupon.redeemTitle')}>
      <form
        className={`${uiStyles.row} ${uiStyles.rowBottom}`}
        noValidate
        onSubmit={(event) => void redeem(event)}
      >
        <div className={uiStyles.grow}>
          <FormField label={t('site.coupon.code')} error={error} required>
            <Input
              name="code"
              autoComplete="off"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                if (error !== undefined) setError(undefined);
              }}
            />
          </FormField>
        </div>
        <Button type="submit" loading={busy}>
          {t('site.coupon.redeem')}
        </Button>
      </form>
    </Card>
  );
}

/** Starts a coupon on an account and coin, after the user confirms. */
function UseDialog({
  coupon,
  onClose,
  onStarted,
}: {
  coupon: Coupon;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const pools = usePools();
  const formId = useId();
  const accounts = useApiData(async (signal) => (await api.accounts({}, { signal })).list, []);
  const [account, setAccount] = useState<string | null>(null);
  const [coin, setCoin] = useState<string | null>(coupon.coin);
  const [errors, setErrors] = useState<{ account?: string; coin?: string }>({});
  const [busy, setBusy] = useState(false);
  const accountList = accounts.status === 'ready' ? accounts.data : [];
  const chosenAccount =
    account ?? accountList.find((item) => item.current)?.name ?? accountList[0]?.name ?? null;
  const coins =
    coupon.coin !== null
      ? [coupon.coin]
      : pools.status === 'ready'
        ? [...new Set(pools.data.filter((pool) => !pool.address_mining).map((pool) => pool.coin))]
        : [];

  async function start(event: FormEvent) {
    event.preventDefault();
    if (chosenAccount === null || coin === null || !isCoinId(coin)) {
      setErrors({
        ...(chosenAccount === null ? { account: t('validation.accountRequired') } : {}),
        ...(coin === null || !isCoinId(coin) ? { coin: t('site.coupon.errors.coinRequired') } : {}),
      });
      return;
    }
    setBusy(true);
    try {
      // biome-ignore lint/correctness/useHookAtTopLevel: the contract's call `useCoupon`, not a hook.
      await api.useCoupon({
        params: { coupon_id: coupon.id },
        body: { account: chosenAccount, coin },
      });
      showMessage(t('errors.usingSuccess'), 'success');
      onStarted();
    } catch (caught) {
      const field = isApiError(caught) ? caught.fields[0]?.field : undefined;
      if (isApiError(caught) && caught.status === 409 && field === 'account') {
        setErrors({ account: t('site.coupon.errors.busy') });
      } else if (isApiError(caught) && (field === 'coin' || field === 'account')) {
        setErrors({ [field]: caught.fields[0]?.message });
      } else {
        reportError(caught);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('site.coupon.useTitle')}
      description={t('site.coupon.useText', { count: coupon.validity_days })}
      footer={
        <DialogFooter>
          <Button type="submit" form={formId} loading={busy}>
            {t('site.coupon.start')}
          </Button>
        </DialogFooter>
      }
    >
      <form
        id={formId}
        className={styles.useForm}
        noValidate
        onSubmit={(event) => void start(event)}
      >
        <FormField label={t('site.coupon.account')} error={errors.account} required>
          <Select
            value={chosenAccount}
            onValueChange={(value) => {
              setAccount(value);
              setErrors({});
            }}
            options={accountList.map((item) => ({ value: item.name, label: item.name }))}
          />
        </FormField>
        <FormField label={t('site.coupon.coin')} error={errors.coin} required>
          <Select
            value={coin}
            onValueChange={(value) => {
              setCoin(value);
              setErrors({});
            }}
            options={coins.map((item) => ({ value: item, label: item.toUpperCase() }))}
          />
        </FormField>
      </form>
    </Dialog>
  );
}

/** The coupons of one state filter, as cards, page by page. */
function CouponList({ filter }: { filter: StateFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [using, setUsing] = useState<Coupon | null>(null);
  const coupons = useEndpoint('coupons', {
    query: { page, page_size: PAGE_SIZE, ...(filter === 'all' ? {} : { status: filter }) },
  });
  return (
    <>
      <DataSection
        data={coupons}
        isEmpty={(value) => value.list.length === 0}
        emptyText={t('site.coupon.none')}
        skeletonLines={6}
      >
        {(value) => (
          <>
            <CardGrid>
              {value.list.map((coupon) => (
                <CouponCard
                  key={coupon.id}
                  coupon={coupon}
                  {...(coupon.coin === null ? {} : { coinSymbol: COINS[coupon.coin].symbol })}
                  onUse={() => setUsing(coupon)}
                  onOpenDetails={() => void navigate(couponPath(coupon))}
                />
              ))}
            </CardGrid>
            <AnswerPager answer={value} page={page} onPageChange={setPage} showCount />
          </>
        )}
      </DataSection>
      {using === null ? null : (
        <UseDialog coupon={using} onClose={() => setUsing(null)} onStarted={() => setUsing(null)} />
      )}
    </>
  );
}

/** `/user/coupon`: redeem a code, and the user's coupons by state with "Use" and their savings. */
export function Component() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<StateFilter>('all');
  return (
    <PageFrame title={t('site.routes.UserCoupon')}>
      <UserTabs current="UserCoupon" />
      <RedeemForm onRedeemed={() => setFilter('all')} />
      <Tabs
        value={filter}
        onValueChange={(value) => {
          const next = FILTERS.find((item) => item === value);
          if (next !== undefined) setFilter(next);
        }}
      >
        <TabList aria-label={t('site.coupon.filter')}>
          {FILTERS.map((item) => (
            <Tab key={item} value={item}>
              {filterLabel(t, item)}
            </Tab>
          ))}
        </TabList>
        {FILTERS.map((item) => (
          <TabPanel key={item} value={item}>
            <CouponList filter={item} />
          </TabPanel>
        ))}
      </Tabs>
    </PageFrame>
  );
}
