import {
  type ContractProduct,
  enContracts,
  formatCoinAmount,
  formatCoinHashrate,
} from '@poolkit/core';
import { type MouseEvent, useId } from 'react';
import { LoadingBlock } from '../../components/DataState/StateBlocks';
import { cx } from '../../internal/cx';
import { Stat, StatusBadge } from '../../lib/parts';
import { useCatalogueLabels } from '../../lib/useCatalogueLabels';
import * as widget from '../../lib/widget.css';
import * as styles from './ContractProductCard.css';

/**
 * The English of this widget's texts (core's `contracts` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { contracts: enContracts };

/** The fields of a contract product the card shows, as `GET /contracts/products` lists them. */
export type ContractProductCardProduct = Pick<
  ContractProduct,
  | 'id'
  | 'name'
  | 'coin'
  | 'miner'
  | 'power'
  | 'price'
  | 'currency'
  | 'electricity_fee'
  | 'management_fee_percent'
  | 'duration_days'
  | 'effective_delay_days'
  | 'inventory'
  | 'estimated_earnings'
  | 'estimated_earnings_usd'
  | 'status'
>;

const CATALOGUE = {
  miner: 'contracts.product.miner',
  power: 'contracts.product.power',
  price: 'contracts.product.price',
  duration: 'contracts.product.duration',
  durationDays: 'contracts.product.durationDays',
  effective: 'contracts.product.effective',
  effectiveValue: 'contracts.product.effectiveValue',
  electricity: 'contracts.product.electricity',
  perUnitDay: 'contracts.product.perUnitDay',
  management: 'contracts.product.management',
  managementValue: 'contracts.product.managementValue',
  inventory: 'contracts.product.inventory',
  inventoryValue: 'contracts.product.inventoryValue',
  estimate: 'contracts.product.estimate',
  estimateUsd: 'contracts.product.estimateUsd',
  onSale: 'contracts.product.onSale',
  soldOut: 'contracts.product.soldOut',
  offShelf: 'contracts.product.offShelf',
  buy: 'contracts.product.buy',
  details: 'contracts.product.details',
  terms: 'contracts.product.terms',
  loading: 'widgets.loading',
} as const;

/** Keys of the texts of {@link ContractProductCard}; each defaults to core's `contracts.product.*`. */
export type ContractProductCardLabelKey = keyof typeof CATALOGUE;

const STATUS_KEYS = {
  on_sale: 'onSale',
  sold_out: 'soldOut',
  off_shelf: 'offShelf',
} as const satisfies Record<ContractProduct['status'], ContractProductCardLabelKey>;

/** Props of {@link ContractProductCard}. */
export interface ContractProductCardProps {
  /** The product; missing shows a skeleton. */
  product?: ContractProductCardProduct;
  /** Opens the purchase; the buy button shows only with it, enabled while the product is on sale. */
  onBuy?: (product: ContractProductCardProduct) => void;
  /** The product's page (`/contract/detail?id=`): adds a details link. */
  detailsHref?: string;
  /** The product's terms (`/contract/terms?id=`): adds a terms link. */
  termsHref?: string;
  /** Called when a link is clicked (a router can `preventDefault` and navigate). */
  onNavigate?: (href: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Shows a skeleton. Default `false`. */
  loading?: boolean;
  /** Heading level of the name. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<ContractProductCardLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

/**
 * A cloud-mining contract product (spec section 2, `/contract/list` and `/contract/detail`): its
 * name and sale state as a tag with the word, the estimated daily earnings per unit (the pool's
 * latest settled PPS+ unit output after fees, and its USD value when the price feed has one),
 * the miner, hashrate and price per unit, duration, effective-date rule (T+n), electricity and
 * management fees and the units left in stock; buy (only while on sale), details and terms.
 */
export function ContractProductCard({
  product,
  onBuy,
  detailsHref,
  termsHref,
  onNavigate,
  loading = false,
  headingLevel = 3,
  labels,
  className,
}: ContractProductCardProps) {
  const { label } = useCatalogueLabels(CATALOGUE, labels, ENGLISH);
  const Heading = `h${headingLevel}` as const;
  const titleId = useId();

  if (loading || !product) {
    return (
      <article className={cx(widget.card, className)}>
        <LoadingBlock label={label('loading')} height={260} />
      </article>
    );
  }

  const onSale = product.status === 'on_sale';
  const coin = product.currency;
  const link = (href: string, text: string) => (
    <a
      className={styles.link}
      href={href}
      onClick={onNavigate ? (event) => onNavigate(href, event) : undefined}
    >
      {text}
    </a>
  );

  return (
    // A region named by the product, so a page of several cards can be read card by card.
    <section
      className={cx(widget.card, className)}
      aria-labelledby={titleId}
      data-status={product.status}
    >
      <div className={styles.titleRow}>
        <Heading id={titleId} className={widget.title}>
          {product.name}
        </Heading>
        <StatusBadge tone={onSale ? 'success' : 'neutral'}>
          {label(STATUS_KEYS[product.status])}
        </StatusBadge>
      </div>
      <p className={styles.estimate}>
        <span className={widget.statLabel}>{label('estimate')}</span>
        <span className={styles.estimateValue}>
          {label('perUnitDay', {
            amount: formatCoinAmount(product.estimated_earnings, product.coin),
            coin,
          })}
        </span>
        {product.estimated_earnings_usd === null ? null : (
          <span className={widget.muted}>
            {label('estimateUsd', { usd: product.estimated_earnings_usd })}
          </span>
        )}
      </p>
      <dl className={widget.statGrid}>
        <Stat label={label('miner')}>{product.miner}</Stat>
        <Stat label={label('power')}>{formatCoinHashrate(product.power, product.coin)}</Stat>
        <Stat label={label('price')}>{`${product.price} ${coin}`}</Stat>
        <Stat label={label('duration')}>
          {label('durationDays', { days: product.duration_days })}
        </Stat>
        <Stat label={label('effective')}>
          {label('effectiveValue', { days: product.effective_delay_days })}
        </Stat>
        <Stat label={label('electricity')}>
          {label('perUnitDay', { amount: product.electricity_fee, coin })}
        </Stat>
        <Stat label={label('management')}>
          {label('managementValue', { percent: product.management_fee_percent })}
        </Stat>
        <Stat label={label('inventory')}>
          {label('inventoryValue', { count: product.inventory })}
        </Stat>
      </dl>
      {onBuy || detailsHref || termsHref ? (
        <div className={styles.actions}>
          {onBuy ? (
            <button
              type="button"
              className={widget.button}
              disabled={!onSale}
              onClick={() => onBuy(product)}
            >
              {label('buy')}
            </button>
          ) : null}
          {detailsHref ? link(detailsHref, label('details')) : null}
          {termsHref ? link(termsHref, label('terms')) : null}
        </div>
      ) : null}
    </section>
  );
}
