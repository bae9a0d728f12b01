import { useEffect, useRef, useState } from 'react';
import { cx } from '../../internal/cx';
import { visuallyHidden } from '../../internal/shared.css';
import { useMiningT } from '../../lib/useMiningT';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './CopyButton.css';

/** Texts of {@link CopyButton}; each defaults to the `widgets.*` translation. */
export interface CopyButtonLabels {
  /** The button's name, e.g. "Copy address". Default `t('widgets.copy')`. */
  copy?: string;
  /** Shown and announced after copying. Default `t('widgets.copied')`. */
  copied?: string;
  /** Shown and announced when the browser refused. Default `t('widgets.copyFailed')`. */
  failed?: string;
}

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** `'icon'`: a square icon button (beside an address); `'button'`: icon and text. Default `'icon'`. */
  variant?: 'icon' | 'button';
  /** Button size. Default `'sm'`. */
  size?: 'sm' | 'md';
  /** How long "Copied" shows, in milliseconds. Default `2000`. */
  feedbackDuration?: number;
  /** Called after a successful copy. */
  onCopy?: (value: string) => void;
  /** Called when copying failed (no permission, insecure page). */
  onCopyError?: (error: unknown) => void;
  /** Disables the button. Default `false`. */
  disabled?: boolean;
  /** Overrides of the texts. */
  labels?: CopyButtonLabels;
  /** Extra class on the button. */
  className?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

async function writeToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Pages served without HTTPS have no Clipboard API: the old selection way still works there.
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('Copy command was refused');
}

/**
 * Copies a text (an address, a link, an API key) with `navigator.clipboard` and says "Copied"
 * for a moment, on screen and to screen readers (`role="status"`). Carries
 * `data-state="idle" | "copied" | "failed"`.
 */
export function CopyButton({
  value,
  variant = 'icon',
  size = 'sm',
  feedbackDuration = 2000,
  onCopy,
  onCopyError,
  disabled = false,
  labels,
  className,
}: CopyButtonProps) {
  const { t } = useMiningT();
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      await writeToClipboard(value);
      setState('copied');
      onCopy?.(value);
    } catch (error) {
      setState('failed');
      onCopyError?.(error);
    }
    timer.current = window.setTimeout(() => setState('idle'), feedbackDuration);
  };

  const copyLabel = labels?.copy ?? t('widgets.copy');
  const feedback =
    state === 'copied'
      ? (labels?.copied ?? t('widgets.copied'))
      : state === 'failed'
        ? (labels?.failed ?? t('widgets.copyFailed'))
        : '';
  const iconName = state === 'copied' ? 'check' : state === 'failed' ? 'alert' : 'copy';

  return (
    <span className={styles.root} data-state={state}>
      {variant === 'icon' ? (
        <IconButton
          icon={iconName}
          label={copyLabel}
          size={size}
          disabled={disabled}
          className={cx(state === 'copied' && styles.copied, className)}
          data-state={state}
          onClick={copy}
        />
      ) : (
        <Button
          variant="secondary"
          size={size}
          disabled={disabled}
          className={className}
          data-state={state}
          onClick={copy}
        >
          <Icon name={iconName} />
          {feedback || copyLabel}
        </Button>
      )}
      {variant === 'icon' && feedback ? (
        <span
          className={styles.bubble({ state: state === 'failed' ? 'failed' : 'copied' })}
          aria-hidden="true"
        >
          {feedback}
        </span>
      ) : null}
      <span role="status" className={visuallyHidden}>
        {feedback}
      </span>
    </span>
  );
}
