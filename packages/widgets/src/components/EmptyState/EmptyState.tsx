import type { ReactNode } from 'react';
import { cx } from '../../internal/cx';
import { useMiningT } from '../../lib/useMiningT';
import { Icon, type IconName } from '../Icon/Icon';
import {
  type EmptyStateVariants,
  emptyState,
  icon as iconStyle,
  text,
  title as titleStyle,
} from './EmptyState.css';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps extends EmptyStateVariants {
  /** The sentence: what is missing and, ideally, why. Default `t('widgets.noData')`. */
  description?: ReactNode;
  /** A short bold line above the sentence. */
  title?: ReactNode;
  /** The next step, e.g. a `Button` ("Add a worker", "Retry"). */
  action?: ReactNode;
  /** A built-in icon above the text, or `null` for none. Default `'inbox'`. */
  icon?: IconName | null;
  /** Extra class on the root. */
  className?: string;
}

/**
 * What a list, table or chart shows when it has nothing: a sentence and an optional next action
 * (DESIGN.md). Also the error state, with `icon="errorCircle"` and a retry button.
 */
export function EmptyState({
  description,
  title,
  action,
  icon = 'inbox',
  size,
  className,
}: EmptyStateProps) {
  const { t } = useMiningT();
  return (
    <div className={cx(emptyState({ size }), className)}>
      {icon ? <Icon name={icon} size={20} className={iconStyle} /> : null}
      {title ? <p className={titleStyle}>{title}</p> : null}
      <p className={text}>{description ?? t('widgets.noData')}</p>
      {action}
    </div>
  );
}
