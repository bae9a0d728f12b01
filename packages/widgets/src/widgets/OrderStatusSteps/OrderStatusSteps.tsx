import type { ContractOrderStatus } from '@poolkit/core';
import { enContracts } from '@poolkit/core';
import { useMiningT } from '../../lib/useMiningT';
import * as styles from './OrderStatusSteps.css';

/**
 * The English of this widget's texts (core's `contracts` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { contracts: enContracts };

/** The main path of an order (spec section 4). */
const PATH = ['unpaid', 'review', 'pending', 'effect', 'finish'] as const;

/** Props of {@link OrderStatusSteps}. */
export interface OrderStatusStepsProps {
  /** The order's state. */
  status: ContractOrderStatus;
  /**
   * How it was paid: from the wallet an order skips the review step. Default `null` (the
   * review step is shown).
   */
  payMethod?: 'wallet' | 'transfer' | null;
}

/**
 * An order's progress as steps: placed → (payment under review) → paid, awaiting effect →
 * mining → finished. A cancelled or rejected order shows the steps it reached and then where
 * it stopped. Each step carries `data-state` (`done`, `current`, `todo`, `stopped`) and a
 * hidden word for screen readers; the current one has `aria-current="step"`.
 */
export function OrderStatusSteps({ status, payMethod = null }: OrderStatusStepsProps) {
  const { t } = useMiningT(ENGLISH);
  const path = PATH.filter((step) => step !== 'review' || payMethod !== 'wallet');
  const stopped = status === 'cancelled' || status === 'reject';
  // A rejected order reached review; a cancelled one stopped unpaid.
  const reached = stopped
    ? path.indexOf(status === 'reject' ? 'review' : 'unpaid')
    : path.indexOf(status);
  return (
    <ol className={styles.list} aria-label={t('contracts.steps.label')}>
      {path.map((step, index) => {
        const state =
          index < reached || (status === 'finish' && index === reached)
            ? 'done'
            : index === reached && !stopped
              ? 'current'
              : 'todo';
        return (
          <li
            key={step}
            className={styles.step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span>{t(`contracts.steps.${step}`)}</span>
            {state === 'done' || state === 'current' ? (
              <span className={styles.hidden}>
                {` (${t(state === 'done' ? 'contracts.steps.done' : 'contracts.steps.current')})`}
              </span>
            ) : null}
          </li>
        );
      })}
      {stopped ? (
        <li className={styles.step} data-state="stopped" aria-current="step">
          <span className={styles.dot} aria-hidden="true">
            ×
          </span>
          <span>{t('contracts.steps.stopped', { status: t(`status.${status}`) })}</span>
        </li>
      ) : null}
    </ol>
  );
}
