import { PAGE_SIZE } from '@poolkit/core/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../app/format';
import { pagerFooter, TableCard } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { PageFrame } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { UserTabs } from './UserTabs';

/** `/user/logs`: logins and security changes. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const logs = useApiData(
    async (signal) => api.userLogs({ query: { page, page_size: PAGE_SIZE } }, { signal }),
    [page],
  );
  return (
    <PageFrame title={t('site.routes.UserLogs')}>
      <UserTabs current="UserLogs" />
      <TableCard
        title={t('site.routes.UserLogs')}
        hideTitle
        data={logs}
        rowKey={(row) => String(row.id)}
        columns={[
          { key: 'time', header: t('site.mining.time'), cell: (row) => dateTime(row.time) },
          {
            key: 'type',
            header: t('site.user.logType'),
            cell: (row) => t(`site.user.log.${row.type}`),
          },
          { key: 'action', header: t('site.user.action'), cell: (row) => row.action },
          { key: 'ip', header: t('site.mining.ip'), cell: (row) => row.ip },
          {
            key: 'location',
            header: t('site.user.location'),
            cell: (row) => row.location ?? '--',
          },
        ]}
        footer={pagerFooter(page, setPage)}
      />
    </PageFrame>
  );
}
