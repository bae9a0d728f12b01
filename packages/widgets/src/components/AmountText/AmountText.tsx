import type { ReactNode } from 'react';
import { cx } from '../../internal/cx';
import { visuallyHidden } from '../../internal/shared.css';
import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './AmountText.css';

/** Texts of {@link AmountText}; each defaults to the `widgets.*` translation. */
export interface AmountTextLabels {
  /** The eye toggle; `aria-pressed` says whether amounts are hidden. Default `t('widgets.hideAmount')`. */
  hide?: string;
  /** Read instead of the mask while hidden. Default `t('widgets.hiddenAmount')`. */
  hidden?: string;
}

/** Props of {@link AmountText}. */
export interface AmountTextProps {
  /** The formatted amount, e.g. `formatAmount(balance)` → `'1,234.5678'`. */
  value: ReactNode;
  /** The unit beside it in a lighter weight, e.g. `'BTC'`. */
  unit?: ReactNode;
  /** Whether the amount is hidden (controlled), e.g. the session's hide-amount flag. */
  hidden?: boolean;
  /** Whether it starts hidden (uncontrolled). Default `false`. */
  defaultHidden?: boolean;
  /** Called when the eye toggle is used. */
  onHiddenChange?: (hidden: boolean) => void;
  /** Shows the eye toggle. Default `true`; `false` for amounts that follow a toggle elsewhere. */
  showToggle?: boolean;
  /** What shows instead of the amount. Default `'****'`. */
  mask?: string;
  /** Text size. Default `'md'`. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Overrides of the texts. */
  labels?: AmountTextLabels;
  /** Extra class on the root. */
  className?: string;
}

/**
 * A money or coin amount with tabular figures and its unit, which the user can hide ("****")
 * with an eye toggle (`aria-pressed` on the eye). Carries `data-state="visible" | "hidden"`.
 */
export function AmountText({
  value,
  unit,
  hidden,
  defaultHidden = false,
  onHiddenChange,
  showToggle = true,
  mask = '****',
  size = 'md',
  labels,
  className,
}: AmountTextProps) {
  const { t } = useMiningT();
  const [isHidden, setHidden] = useControllableState({
    value: hidden,
    defaultValue: defaultHidden,
    onChange: onHiddenChange,
  });
  return (
    <span
      className={cx(styles.root({ size }), className)}
      data-state={isHidden ? 'hidden' : 'visible'}
    >
      {isHidden ? (
        <>
          <span className={styles.value} aria-hidden="true">
            {mask}
          </span>
          <span className={visuallyHidden}>{labels?.hidden ?? t('widgets.hiddenAmount')}</span>
        </>
      ) : (
        <span className={styles.value}>{value}</span>
      )}
      {unit ? <span className={styles.unit}>{unit}</span> : null}
      {showToggle ? (
        <IconButton
          icon={isHidden ? 'eyeOff' : 'eye'}
          size="sm"
          label={labels?.hide ?? t('widgets.hideAmount')}
          pressed={isHidden}
          className={styles.toggle}
          onClick={() => setHidden(!isHidden)}
        />
      ) : null}
    </span>
  );
}
