import { PAGE_SIZE } from '@poolkit/core/constants';
import type { ContractProduct } from '@poolkit/core/contract';
import { Button } from '@poolkit/widgets';
import { ContractProductCard } from '@poolkit/widgets/ContractProductCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerPager } from '../../app/listControls';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { Card, CardGrid, EmptyState, PageFrame, Skeleton } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { BuyDialog } from './BuyDialog';
import { ContractTabs } from './ContractTabs';

/**
 * `/contract/list`: the products on sale with their estimated daily earnings (the pool's latest
 * settled PPS+ unit output scaled to a unit, after fees, and its USD value at the price feed's
 * price) and what is left in stock; buying opens the buy dialog.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const [buying, setBuying] = useState<ContractProduct | null>(null);
  const products = useApiData(
    async (signal) => api.contractProducts({ query: { page, page_size: PAGE_SIZE } }, { signal }),
    [page],
  );
  return (
    <PageFrame title={t('site.routes.ContractList')} subtitle={t('contracts.list.intro')}>
      <ContractTabs current="ContractList" />
      {products.status === 'loading' ? (
        <Card>
          <Skeleton lines={6} />
        </Card>
      ) : products.status === 'error' ? (
        <Card>
          <EmptyState
            text={t('site.common.loadFailed')}
            action={
              <Button variant="secondary" size="sm" onClick={products.reload}>
                {t('common.retry')}
              </Button>
            }
          />
        </Card>
      ) : products.status === 'missing' || products.data.list.length === 0 ? (
        <Card>
          <EmptyState text={t('contracts.list.empty')} />
        </Card>
      ) : (
        <>
          <CardGrid>
            {products.data.list.map((product) => (
              <ContractProductCard
                key={product.id}
                product={product}
                onBuy={() => setBuying(product)}
                detailsHref={`/contract/detail?id=${encodeURIComponent(product.id)}`}
                onNavigate={(href, event) => {
                  event.preventDefault();
                  void navigate(href);
                }}
              />
            ))}
          </CardGrid>
          <AnswerPager answer={products.data} page={page} onPageChange={setPage} />
        </>
      )}
      <BuyDialog
        product={buying}
        onOpenChange={(open) => {
          if (!open) setBuying(null);
        }}
      />
    </PageFrame>
  );
}
