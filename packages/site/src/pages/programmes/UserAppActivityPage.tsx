import { PAGE_SIZE } from '@poolkit/core/constants';
import { COINS } from '@poolkit/core/domain';
import { Table } from '@poolkit/widgets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, DataSection, EmptyState, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { UserTabs } from '../user/UserTabs';
import { PacketStateTag } from './PacketStateTag';

/** Red packets received, with their state and what they earned. */
function RedPacketsSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  const packets = useApiData(
    async (signal) => api.redPackets({ query: { page: 1, page_size: PAGE_SIZE } }, { signal }),
    [],
  );
  return (
    <Card title={t('site.routes.UserRedPacket')}>
      <DataSection
        data={packets}
        isEmpty={(value) => value.total === 0}
        emptyText={t('site.redPackets.none')}
      >
        {(value) => (
          <Table
            caption={t('site.routes.UserRedPacket')}
            rows={value.list}
            getRowKey={(row) => row.id}
            columns={[
              {
                key: 'name',
                header: t('site.redPackets.name'),
                cell: (row) => (
                  <AppLink to={`/user/red_packet/${row.id}`} className={uiStyles.link}>
                    {row.name}
                  </AppLink>
                ),
              },
              {
                key: 'status',
                header: t('site.redPackets.status'),
                cell: (row) => <PacketStateTag status={row.status} />,
              },
              {
                key: 'profit',
                header: t('site.redPackets.totalProfit'),
                numeric: true,
                cell: (row) => `${row.total_profit} ${COINS[row.coin].symbol}`,
              },
            ]}
          />
        )}
      </DataSection>
    </Card>
  );
}

/** The invitation programme: invitees and rewards so far. */
function InvitationSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  const summary = useApiData(async (signal) => api.invitation({}, { signal }), []);
  return (
    <Card title={t('site.routes.UserInvite')}>
      <DataSection data={summary}>
        {(value) =>
          value.invitee_count === 0 ? (
            <EmptyState
              text={t('site.invitations.noInvitees')}
              action={
                <AppLink to="/user/invite" className={uiStyles.link}>
                  {t('site.invitations.myLink')}
                </AppLink>
              }
            />
          ) : (
            <p>
              {t('site.invitations.activitySummary', { count: value.invitee_count })}{' '}
              {value.rewards
                .map((reward) => `${reward.amount} ${COINS[reward.coin].symbol}`)
                .join(' · ')}{' '}
              <AppLink to="/user/invite" className={uiStyles.link}>
                {t('site.invitations.details')}
              </AppLink>
            </p>
          )
        }
      </DataSection>
    </Card>
  );
}

/**
 * The sections of `/user/app/activity`, in order. Extension point: operator-run events (the
 * campaign pages of the site-content module) add their section here, a component that lists
 * what the user takes part in with its state and what it earned.
 */
export const ACTIVITY_SECTIONS: readonly {
  readonly key: string;
  readonly render: () => ReactNode;
}[] = [
  { key: 'redPackets', render: () => <RedPacketsSection /> },
  { key: 'invitations', render: () => <InvitationSection /> },
];

/** `/user/app/activity`: what the user takes part in: red packets and invitation rewards. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('site.routes.UserAppActivity')}
      subtitle={t('site.invitations.activityIntro')}
    >
      <UserTabs current="UserAppActivity" />
      {ACTIVITY_SECTIONS.map((section) => (
        <div key={section.key}>{section.render()}</div>
      ))}
    </PageFrame>
  );
}
