import type { ContractProduct, ContractTerms } from '@poolkit/core/contract';
import { ContractProductCard } from '@poolkit/widgets/ContractProductCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, EmptyState, PageFrame, Skeleton, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { useRouteName } from '../../app/useRouteName';
import { BuyDialog } from './BuyDialog';
import { ContractTabs } from './ContractTabs';

/** The terms text of the interface language, English when that one is empty. */
function termsIn(terms: ContractTerms, language: string): string {
  const own = terms[language as keyof ContractTerms];
  return own !== undefined && own.trim() !== '' ? own : terms.en;
}

/**
 * `/contract/detail?id=` (the product, its estimate and risks, buy) and `/contract/terms?id=`
 * (its terms text in the interface language): one page, the route says which leads.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const route = useRouteName();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const [buying, setBuying] = useState<ContractProduct | null>(null);
  const product = useApiData(
    async (signal) => (id === '' ? null : api.contractProduct({ params: { id } }, { signal })),
    [id],
  );
  const termsOnly = route === 'ContractTerms';
  return (
    <PageFrame title={t(`site.routes.${termsOnly ? 'ContractTerms' : 'ContractDetail'}`)}>
      <ContractTabs current={null} />
      {product.status === 'loading' ? (
        <Card>
          <Skeleton lines={6} />
        </Card>
      ) : product.status !== 'ready' || product.data === null ? (
        <Card>
          <EmptyState
            text={t('contracts.product.missing')}
            action={<AppLink to="/contract/list">{t('contracts.product.backToList')}</AppLink>}
          />
        </Card>
      ) : (
        <>
          {termsOnly ? null : (
            <ContractProductCard
              product={product.data}
              headingLevel={2}
              onBuy={() => setBuying(product.data)}
              termsHref={`/contract/terms?id=${encodeURIComponent(product.data.id)}`}
              onNavigate={(href, event) => {
                event.preventDefault();
                void navigate(href);
              }}
            />
          )}
          {termsOnly ? null : (
            <Card title={t('contracts.product.risks')}>
              <p>{t('contracts.product.risksText')}</p>
            </Card>
          )}
          <Card title={termsOnly ? product.data.name : t('contracts.product.terms')}>
            {termsIn(product.data.terms, i18n.language).trim() === '' ? (
              <EmptyState text={t('contracts.product.noTerms')} />
            ) : (
              <p className={uiStyles.breakAnywhere}>{termsIn(product.data.terms, i18n.language)}</p>
            )}
            {termsOnly ? (
              <AppLink to={`/contract/detail?id=${encodeURIComponent(product.data.id)}`}>
                {t('contracts.product.details')}
              </AppLink>
            ) : null}
          </Card>
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
