import { PAGE_SIZE } from '@poolkit/core/constants';
import { COINS } from '@poolkit/core/domain';
import { Table } from '@poolkit/widgets';
import { CouponCard } from '@poolkit/widgets/CouponCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../app/format';
import { AnswerPager } from '../../app/listControls';
import { useParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, DataSection, EmptyState, PageFrame, Stats, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import * as styles from './coupon.css';
import { UserTabs } from './UserTabs';

/** The fee a coupon saved, one settled day per row, page by page. */
function Savings({ couponId }: { couponId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const items = useApiData(
    async (signal) =>
      api.couponItems(
        { params: { coupon_id: couponId }, query: { page, page_size: PAGE_SIZE } },
        { signal },
      ),
    [couponId, page],
  );
  return (
    <Card title={t('site.coupon.savings')}>
      {items.status === 'ready' && items.data.total === 0 ? (
        // Outside the table, which scrolls sideways on phones: the sentence stays readable.
        <EmptyState text={t('site.coupon.savingsNone')} />
      ) : (
        <Table
          caption={t('site.coupon.savings')}
          rows={items.status === 'ready' ? items.data.list : []}
          getRowKey={(row) => `${row.id}-${row.coin}`}
          loading={items.status === 'loading'}
          labels={{ empty: t('site.coupon.savingsNone') }}
          columns={[
            { key: 'date', header: t('site.coupon.date'), cell: (row) => row.date },
            { key: 'coin', header: t('site.coupon.coin'), cell: (row) => COINS[row.coin].symbol },
            { key: 'account', header: t('site.coupon.account'), cell: (row) => row.account },
            {
              key: 'before',
              header: t('site.coupon.feeBefore'),
              numeric: true,
              cell: (row) => row.fee_before,
            },
            {
              key: 'saved',
              header: t('site.coupon.feeSaved'),
              numeric: true,
              cell: (row) => row.fee_saved,
            },
          ]}
        />
      )}
      <AnswerPager answer={items.data} page={page} onPageChange={setPage} showCount />
    </Card>
  );
}

/**
 * `/user/coupon/:couponId/:itemId`: one coupon (`:itemId`) of a batch (`:couponId`), its terms
 * and state, and the fee it saved each settled day.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { couponId = '', itemId = '' } = useParams();
  const coupon = useApiData(
    async (signal) => api.coupon({ params: { coupon_id: itemId } }, { signal }),
    [itemId],
  );
  const back = (
    <AppLink to="/user/coupon" className={uiStyles.link}>
      {t('site.coupon.back')}
    </AppLink>
  );
  return (
    <PageFrame title={t('site.routes.UserCouponDetail')} actions={back}>
      <UserTabs current="UserCoupon" />
      <DataSection
        data={coupon}
        isEmpty={(value) => value.batch_id !== couponId}
        emptyText={t('site.coupon.notFound')}
      >
        {(value) => (
          <>
            <CouponCard
              className={styles.couponCard}
              coupon={value}
              headingLevel={2}
              {...(value.coin === null ? {} : { coinSymbol: COINS[value.coin].symbol })}
            />
            <Card>
              <Stats
                items={[
                  { label: t('site.coupon.account'), value: value.account ?? '—' },
                  { label: t('site.coupon.started'), value: dateTime(value.started_at) },
                  { label: t('site.coupon.ends'), value: dateTime(value.ends_at) },
                ]}
              />
            </Card>
            {value.started_at === null ? (
              <Card>
                <EmptyState text={t('site.coupon.savingsNone')} />
              </Card>
            ) : (
              <Savings couponId={value.id} />
            )}
          </>
        )}
      </DataSection>
    </PageFrame>
  );
}
