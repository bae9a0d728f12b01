import { PAGE_SIZE } from '@poolkit/core/constants';
import type { RedPacket } from '@poolkit/core/contract';
import { COINS } from '@poolkit/core/domain';
import { Table } from '@poolkit/widgets';
import { RedPacketCard } from '@poolkit/widgets/RedPacketCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime, hashrate } from '../../app/format';
import { AnswerPager } from '../../app/listControls';
import { useParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, DataSection, EmptyState, PageFrame, Stats, uiStyles } from '../../app/ui';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { UserTabs } from '../user/UserTabs';
import { ActivateForm } from './ActivateForm';
import * as styles from './programmes.css';

/** A packet's income, one settled day per row, newest first. */
function DailyIncome({ packet }: { packet: RedPacket }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const income = useApiData(
    async (signal) =>
      api.redPacketProfits(
        { params: { id: packet.id }, query: { page, page_size: PAGE_SIZE } },
        { signal },
      ),
    [packet.id, page, packet.total_profit],
  );
  const symbol = COINS[packet.coin].symbol;
  return (
    <Card title={t('site.redPackets.dailyIncome')}>
      {income.status === 'ready' && income.data.total === 0 ? (
        <EmptyState text={t('site.redPackets.noIncome')} />
      ) : (
        <Table
          caption={t('site.redPackets.dailyIncome')}
          rows={income.status === 'ready' ? income.data.list : []}
          getRowKey={(row) => row.date}
          loading={income.status === 'loading'}
          columns={[
            { key: 'date', header: t('site.redPackets.date'), cell: (row) => row.date },
            {
              key: 'hashrate',
              header: t('site.redPackets.dayHashrate'),
              numeric: true,
              cell: (row) => hashrate(row.hashrate, packet.coin),
            },
            {
              key: 'amount',
              header: t('site.redPackets.income'),
              numeric: true,
              cell: (row) => `${row.amount} ${symbol}`,
            },
          ]}
        />
      )}
      <AnswerPager answer={income.data} page={page} onPageChange={setPage} showCount />
    </Card>
  );
}

/**
 * `/user/red_packet/:id`: one received packet, activating it (or switching the account its
 * income goes to) and its daily income.
 */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const packet = useEndpoint('redPacket', { params: { id } });
  return (
    <PageFrame
      title={t('site.routes.UserRedPacketDetail')}
      actions={
        <AppLink to="/user/red_packet" className={uiStyles.link}>
          {t('site.redPackets.back')}
        </AppLink>
      }
    >
      <UserTabs current="UserRedPacket" />
      <DataSection data={packet} emptyText={t('site.redPackets.notFound')}>
        {(value) => (
          <div className={styles.stack}>
            <RedPacketCard packet={value} coin={COINS[value.coin]} headingLevel={2} />
            <Card>
              <Stats
                items={[
                  { label: t('site.redPackets.incomeAccount'), value: value.account ?? '—' },
                  { label: t('site.redPackets.receivedAt'), value: dateTime(value.received_at) },
                  { label: t('site.redPackets.activatedAt'), value: dateTime(value.activated_at) },
                  { label: t('site.redPackets.endsAt'), value: dateTime(value.ends_at) },
                ]}
              />
            </Card>
            {value.status === 'inactive' || value.status === 'activated' ? (
              <Card
                title={
                  value.status === 'inactive'
                    ? t('site.redPackets.activate')
                    : t('site.redPackets.switchAccount')
                }
              >
                <ActivateForm packet={value} />
              </Card>
            ) : null}
            <DailyIncome packet={value} />
          </div>
        )}
      </DataSection>
    </PageFrame>
  );
}
