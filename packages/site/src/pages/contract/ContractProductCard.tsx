import type { ContractProduct } from '@poolkit/core';
import { Button, StatusTag } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { coinAmount, hashrate } from '../../app/format';
import { AppLink, Card, Stats, uiStyles } from '../../app/ui';

/** The figures of a product, shared by the list's cards and the detail page. */
export function productFigures(
  t: (key: string, values?: Record<string, unknown>) => string,
  product: ContractProduct,
) {
  const coin = product.currency;
  return [
    { label: t('contracts.product.miner'), value: product.miner },
    { label: t('contracts.product.power'), value: hashrate(product.power, product.coin) },
    { label: t('contracts.product.price'), value: `${product.price} ${coin}` },
    {
      label: t('contracts.product.duration'),
      value: t('contracts.product.durationDays', { days: product.duration_days }),
    },
    {
      label: t('contracts.product.effective'),
      value: t('contracts.product.effectiveValue', { days: product.effective_delay_days }),
    },
    {
      label: t('contracts.product.electricity'),
      value: t('contracts.product.perUnitDay', { amount: product.electricity_fee, coin }),
    },
    {
      label: t('contracts.product.management'),
      value: t('contracts.product.managementValue', { percent: product.management_fee_percent }),
    },
    {
      label: t('contracts.product.inventory'),
      value: t('contracts.product.inventoryValue', { count: product.inventory }),
    },
  ];
}

/** A product on the list: its figures, the earnings estimate, buy and details. */
export function ContractProductCard({
  product,
  onBuy,
}: {
  product: ContractProduct;
  onBuy: (product: ContractProduct) => void;
}) {
  const { t } = useTranslation();
  const onSale = product.status === 'on_sale';
  return (
    <Card title={product.name}>
      <div className={uiStyles.row}>
        <StatusTag tone={onSale ? 'success' : 'neutral'}>
          {t(
            onSale
              ? 'contracts.product.onSale'
              : product.status === 'sold_out'
                ? 'contracts.product.soldOut'
                : 'contracts.product.offShelf',
          )}
        </StatusTag>
      </div>
      <p>
        <strong>{t('contracts.product.estimate')}: </strong>
        {t('contracts.product.perUnitDay', {
          amount: coinAmount(product.estimated_earnings, product.coin),
          coin: product.currency,
        })}
        {product.estimated_earnings_usd === null ? null : (
          <span className={uiStyles.muted}>
            {' '}
            {t('contracts.product.estimateUsd', { usd: product.estimated_earnings_usd })}
          </span>
        )}
      </p>
      <Stats items={productFigures(t, product)} />
      <div className={`${uiStyles.row} ${uiStyles.spacedAbove}`}>
        <Button disabled={!onSale} onClick={() => onBuy(product)}>
          {t('contracts.product.buy')}
        </Button>
        <AppLink to={`/contract/detail?id=${encodeURIComponent(product.id)}`}>
          {t('contracts.product.details')}
        </AppLink>
      </div>
    </Card>
  );
}
