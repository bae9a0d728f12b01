import { PAGE_SIZE } from '@poolkit/core/constants';
import { COINS } from '@poolkit/core/domain';
import { RedPacketCard } from '@poolkit/widgets/RedPacketCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerPager } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { AppLink, DataSection, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { UserTabs } from '../user/UserTabs';
import * as styles from './programmes.css';

/**
 * `/user/red_packet`: the red packets the user received, newest first: name, activation
 * deadline, state and total profit (spec section 3), each opening its daily income.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const packets = useApiData(
    async (signal) => api.redPackets({ query: { page, page_size: PAGE_SIZE } }, { signal }),
    [page],
  );
  return (
    <PageFrame title={t('site.routes.UserRedPacket')}>
      <UserTabs current="UserRedPacket" />
      <DataSection
        data={packets}
        isEmpty={(value) => value.total === 0}
        emptyText={t('site.redPackets.none')}
      >
        {(value) => (
          <>
            <div className={styles.packetGrid}>
              {value.list.map((packet) => (
                <div key={packet.id} className={styles.stack}>
                  <RedPacketCard packet={packet} coin={COINS[packet.coin]} headingLevel={2} />
                  <AppLink to={`/user/red_packet/${packet.id}`} className={uiStyles.link}>
                    {packet.status === 'inactive'
                      ? t('site.redPackets.activate')
                      : t('site.redPackets.seeIncome')}
                  </AppLink>
                </div>
              ))}
            </div>
            <AnswerPager answer={value} page={page} onPageChange={setPage} showCount />
          </>
        )}
      </DataSection>
    </PageFrame>
  );
}
