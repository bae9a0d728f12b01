import { type ReactElement, type ReactNode, useId, useRef } from 'react';
import { cx } from '../../internal/cx';
import { ModalLayer } from '../../internal/ModalLayer';
import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import * as styles from './AlertDialog.css';

/** Texts of {@link AlertDialog}; each defaults to the `widgets.*` translation. */
export interface AlertDialogLabels {
  /** The main button. Default `t('widgets.ok')`. */
  action?: string;
  /** The cancel button, shown when `showCancel`. Default `t('widgets.cancel')`. */
  cancel?: string;
}

/** Props of {@link AlertDialog}. */
export interface AlertDialogProps {
  /** Whether it is open (controlled). */
  open?: boolean;
  /** Whether it starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** The heading, which names it. Default `t('widgets.error')`. */
  title?: ReactNode;
  /** The message, e.g. the server's error text. Required. */
  description: ReactNode;
  /** `'danger'` shows an error icon and a red action; `'neutral'` a plain confirmation. Default `'danger'`. */
  tone?: 'danger' | 'neutral';
  /** Called when the main button is pressed, before closing. */
  onAction?: () => void;
  /** Shows a cancel button beside the main one. Default `false`. */
  showCancel?: boolean;
  /** Called when the cancel button is pressed, before closing. */
  onCancel?: () => void;
  /** An element that opens it when clicked. */
  trigger?: ReactElement;
  /** Overrides of the texts. */
  labels?: AlertDialogLabels;
  /** Extra class on the panel. */
  className?: string;
}

/**
 * An interrupting message that needs an answer (`role="alertdialog"`): how errors are shown on
 * phones (spec section 8), and confirmations. Focus goes to the safe button (cancel when shown,
 * else the action) and returns on close. Escape closes; a press outside does not.
 */
export function AlertDialog({
  open,
  defaultOpen = false,
  onOpenChange,
  title,
  description,
  tone = 'danger',
  onAction,
  showCancel = false,
  onCancel,
  trigger,
  labels,
  className,
}: AlertDialogProps) {
  const { t } = useMiningT();
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const id = useId();
  const actionRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalLayer
      open={isOpen}
      onOpenChange={setOpen}
      role="alertdialog"
      trigger={trigger}
      closeOnOutsidePress={false}
      closeOnEscape
      initialFocus={showCancel ? cancelRef : actionRef}
      overlayClassName={styles.overlay}
      panelClassName={cx(styles.panel, className)}
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
    >
      <div className={styles.content}>
        {tone === 'danger' ? <Icon name="errorCircle" size={20} className={styles.icon} /> : null}
        <div className={styles.text}>
          <h2 id={`${id}-title`} className={styles.title}>
            {title ?? t('widgets.error')}
          </h2>
          <p id={`${id}-description`} className={styles.description}>
            {description}
          </p>
        </div>
      </div>
      <div className={styles.actions}>
        {showCancel ? (
          <Button
            ref={cancelRef}
            variant="secondary"
            onClick={() => {
              onCancel?.();
              setOpen(false);
            }}
          >
            {labels?.cancel ?? t('widgets.cancel')}
          </Button>
        ) : null}
        <Button
          ref={actionRef}
          variant={tone === 'danger' && showCancel ? 'danger' : 'primary'}
          onClick={() => {
            onAction?.();
            setOpen(false);
          }}
        >
          {labels?.action ?? t('widgets.ok')}
        </Button>
      </div>
    </ModalLayer>
  );
}
