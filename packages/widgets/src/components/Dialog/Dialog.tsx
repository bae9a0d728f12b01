import { useMergeRefs } from '@floating-ui/react';
import {
  type ReactElement,
  type ReactNode,
  type RefObject,
  useCallback,
  useId,
  useRef,
} from 'react';
import { cx } from '../../internal/cx';
import { ModalLayer, useModalContext } from '../../internal/ModalLayer';
import { elementProps, Slot } from '../../internal/Slot';
import { useControllableState } from '../../internal/useControllableState';
import { useScrollFocusable } from '../../internal/useScrollFocusable';
import { useMiningT } from '../../lib/useMiningT';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './Dialog.css';

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Texts of {@link Dialog}; each defaults to the `widgets.*` translation. */
export interface DialogLabels {
  /** The close button in the corner. Default `t('widgets.close')`. */
  close?: string;
}

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean;
  /** Whether the dialog starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when the dialog opens or closes: trigger, close button, Escape, outside press. */
  onOpenChange?: (open: boolean) => void;
  /** The heading, which also names the dialog. Required. */
  title: ReactNode;
  /** A sentence under the heading, which describes the dialog. */
  description?: ReactNode;
  /** The body. It scrolls when taller than the screen. */
  children?: ReactNode;
  /** Actions at the bottom, e.g. Cancel and Confirm buttons; wrap one in `DialogClose` to close. */
  footer?: ReactNode;
  /** An element (usually a `Button`) that opens the dialog when clicked. */
  trigger?: ReactElement;
  /** Whether a press on the dimmed area closes the dialog. Default `true`. */
  closeOnOutsidePress?: boolean;
  /** Hides the close button in the corner (Escape still closes). Default `false`. */
  hideCloseButton?: boolean;
  /**
   * What to focus when opened. Default: the first focusable element, or the title when the body
   * is long enough to scroll.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Overrides of the texts. */
  labels?: DialogLabels;
  /** Extra class on the panel. */
  className?: string;
}

/**
 * A modal dialog: 560 px wide, 350 px under 768 px (spec section 3). Focus is trapped inside
 * and returns to where it was on close; Escape, the close button and a press outside close it.
 * The panel carries `data-state="open"`.
 */
export function Dialog({
  open,
  defaultOpen = false,
  onOpenChange,
  title,
  description,
  children,
  footer,
  trigger,
  closeOnOutsidePress = true,
  hideCloseButton = false,
  initialFocus,
  labels,
  className,
}: DialogProps) {
  const { t } = useMiningT();
  const [scrollRef, bodyTabIndex] = useScrollFocusable<HTMLDivElement>();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const autoFocusTarget = useRef<HTMLElement | null>(null);
  // Decided when the body mounts, before the focus manager acts: a body that scrolls starts
  // reading at the title (so nothing scrolls away); otherwise the first control gets focus.
  const decideFocusRef = useCallback((body: HTMLDivElement | null) => {
    if (!body) return;
    const overflowing = body.scrollHeight > body.clientHeight + 1;
    const panel = body.parentElement;
    autoFocusTarget.current = overflowing
      ? titleRef.current
      : (panel?.querySelector<HTMLElement>(TABBABLE) ?? titleRef.current);
  }, []);
  const bodyRef = useMergeRefs([scrollRef, decideFocusRef]);
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <ModalLayer
      open={isOpen}
      onOpenChange={setOpen}
      role="dialog"
      trigger={trigger}
      closeOnOutsidePress={closeOnOutsidePress}
      closeOnEscape
      initialFocus={initialFocus ?? autoFocusTarget}
      overlayClassName={styles.overlay}
      panelClassName={cx(styles.panel, className)}
      labelledBy={titleId}
      describedBy={descriptionId}
    >
      <h2
        ref={titleRef}
        id={titleId}
        // Focusable from script only: the landing place when the body is long.
        tabIndex={-1}
        className={styles.title}
        data-closable={hideCloseButton ? undefined : ''}
      >
        {title}
      </h2>
      <div ref={bodyRef} tabIndex={bodyTabIndex} className={styles.body}>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
      {/* Last in the DOM so that opening focuses the first field, not the close button. */}
      {hideCloseButton ? null : (
        <IconButton
          icon="close"
          size="sm"
          label={labels?.close ?? t('widgets.close')}
          className={styles.close}
          onClick={() => setOpen(false)}
        />
      )}
    </ModalLayer>
  );
}

/** Props of {@link DialogClose}. */
export interface DialogCloseProps {
  /** The element that closes the dialog, drawer or alert dialog around it when clicked. */
  children: ReactElement;
}

/**
 * Makes its child close the surrounding `Dialog`, `Drawer` or `AlertDialog` when clicked, after
 * the child's own `onClick`. Outside one it renders the child unchanged.
 */
export function DialogClose({ children }: DialogCloseProps) {
  const modal = useModalContext();
  const props = elementProps(children);
  const ownClick = props.onClick as ((event: unknown) => void) | undefined;
  return (
    <Slot
      onClick={(event: unknown) => {
        ownClick?.(event);
        modal?.close();
      }}
    >
      {children}
    </Slot>
  );
}
