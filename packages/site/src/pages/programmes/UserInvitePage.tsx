import { PAGE_SIZE } from '@poolkit/core/constants';
import { type InviteReward, MAX_PAGE_SIZE } from '@poolkit/core/contract';
import { InvitationCard } from '@poolkit/widgets/InvitationCard';
import { InviteeTable } from '@poolkit/widgets/InviteeTable';
import { RewardTable } from '@poolkit/widgets/RewardTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCsv } from '../../app/csvExport';
import { reportError } from '../../app/feedback';
import { AnswerPager } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { DataSection, PageFrame } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { UserTabs } from '../user/UserTabs';
import * as styles from './programmes.css';

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The users the caller invited (masked), with their revenue and the rewards, page by page. */
function Invitees() {
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const invitees = useApiData(
    async (signal) => api.invitees({ query: { page, page_size: PAGE_SIZE } }, { signal }),
    [page],
  );
  return (
    <InviteeTable
      invitees={invitees.status === 'ready' ? invitees.data.list : []}
      loading={invitees.status === 'loading'}
      error={invitees.status === 'error'}
      onRetry={invitees.reload}
      headingLevel={2}
      className={styles.spaced}
      footer={<AnswerPager answer={invitees.data} page={page} onPageChange={setPage} showCount />}
    />
  );
}

/** Daily rewards: each invitee's revenue of a day and the 0.2 % paid for it, with CSV export. */
function Rewards() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const rewards = useApiData(
    async (signal) => api.inviteRewards({ query: { page, page_size: PAGE_SIZE } }, { signal }),
    [page],
  );

  async function exportCsv() {
    setExporting(true);
    try {
      const rows: InviteReward[] = [];
      for (let next = 1; ; next += 1) {
        const answer = await api.inviteRewards({ query: { page: next, page_size: MAX_PAGE_SIZE } });
        rows.push(...answer.list);
        if (rows.length >= answer.total || answer.list.length === 0) break;
      }
      const header = [
        t('site.invitations.date'),
        t('site.invitations.coin'),
        t('site.invitations.invitee'),
        t('site.invitations.revenue'),
        t('site.invitations.reward'),
      ];
      const lines = [
        header,
        ...rows.map((row) => [
          row.date,
          row.coin.toUpperCase(),
          row.invitee,
          row.revenue,
          row.amount,
        ]),
      ];
      saveCsv(
        `${lines.map((line) => line.map(csvCell).join(',')).join('\n')}\n`,
        'invitation-rewards.csv',
      );
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <RewardTable
      rewards={rewards.status === 'ready' ? rewards.data.list : []}
      loading={rewards.status === 'loading'}
      error={rewards.status === 'error'}
      onRetry={rewards.reload}
      onExport={() => void exportCsv()}
      exporting={exporting}
      headingLevel={2}
      className={styles.spaced}
      footer={<AnswerPager answer={rewards.data} page={page} onPageChange={setPage} showCount />}
    />
  );
}

/**
 * `/user/invite`: the user's invitation code and link (copy, QR code), the totals, the users
 * they invited (masked) and the daily rewards (0.2 % of each invitee's revenue, settled the next
 * day with statistics as of 09:50 UTC+8), with paging and CSV export.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const summary = useApiData(async (signal) => api.invitation({}, { signal }), []);
  return (
    <PageFrame title={t('site.routes.UserInvite')}>
      <UserTabs current="UserInvite" />
      <DataSection data={summary}>
        {(value) => (
          <InvitationCard
            invitation={value}
            headingLevel={2}
            className={styles.spaced}
            labels={{ inviteRewardsPaid: t('site.invitations.totalRewards') }}
          />
        )}
      </DataSection>
      <Invitees />
      <Rewards />
    </PageFrame>
  );
}
