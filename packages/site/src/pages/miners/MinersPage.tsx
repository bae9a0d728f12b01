import { PAGE_SIZE } from '@poolkit/core/constants';
import type { CatalogueList } from '@poolkit/core/contract';
import { MinerRanking, type MinerRankingSort } from '@poolkit/widgets/MinerRanking';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../app/nav';
import { Pager } from '../../app/sections';
import { useServices, useSessionState } from '../../app/servicesContext';
import { Card, PageFrame, Skeleton, uiStyles, withObserverToken } from '../../app/ui';
import { type ApiData, useApiData } from '../../app/useApiData';
import { ElectricityPriceField, useElectricityPrice } from './electricity';

/** `/miners`: the miner catalogue ranked by profitability, sorted and paged by the server. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { observerToken } = useSessionState();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<MinerRankingSort>({ key: 'profit', direction: 'descending' });
  const electricity = useElectricityPrice();
  const fetched = useApiData(
    async (signal) =>
      api.catalogueMiners(
        {
          query: {
            page,
            page_size: PAGE_SIZE,
            sort: sort.key,
            order: sort.direction === 'ascending' ? 'asc' : 'desc',
            electricity_price: electricity.price,
          },
        },
        { signal },
      ),
    [page, sort.key, sort.direction, electricity.price],
  );
  // While another page, order or price loads, the last ranking stays on screen.
  const lastReady = useRef<ApiData<CatalogueList> | null>(null);
  if (fetched.status === 'ready') lastReady.current = fetched;
  const miners =
    fetched.status === 'loading' && lastReady.current !== null ? lastReady.current : fetched;
  return (
    <PageFrame title={t('site.routes.Miners')} subtitle={t('site.miners.subtitle')}>
      <Card>
        <ElectricityPriceField electricity={electricity} />
        <p className={uiStyles.muted}>{t('site.miners.estimateNote')}</p>
        {miners.data?.list.some((row) => !row.specs_verified) ? (
          <p className={uiStyles.muted}>{t('site.miners.someNotVerified')}</p>
        ) : null}
      </Card>
      {miners.status === 'loading' ? (
        // The site's skeleton: the widget's sets an inline height, which the page CSP refuses
        // in the prerendered markup.
        <Card title={t('mining.minerRanking')}>
          <Skeleton lines={10} />
        </Card>
      ) : (
        <MinerRanking
          miners={miners.data?.list ?? []}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          manualSorting
          firstRank={
            miners.data === undefined ? 1 : (miners.data.page - 1) * miners.data.page_size + 1
          }
          error={miners.status === 'error'}
          onRetry={miners.reload}
          onMinerOpen={(miner) =>
            navigate(withObserverToken(`/miners/detail/${miner.id}`, observerToken))
          }
          labels={
            miners.status === 'missing' ? { rankingEmpty: t('site.miners.empty') } : undefined
          }
          footer={
            miners.data === undefined ? null : (
              <Pager
                page={page}
                pageSize={miners.data.page_size}
                total={miners.data.total}
                onPageChange={setPage}
                showCount
              />
            )
          }
        />
      )}
    </PageFrame>
  );
}
