import { type ReactElement, type ReactNode, useId } from 'react';
import { cx } from '../../internal/cx';
import { ModalLayer } from '../../internal/ModalLayer';
import { useControllableState } from '../../internal/useControllableState';
import { useScrollFocusable } from '../../internal/useScrollFocusable';
import { useMiningT } from '../../lib/useMiningT';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './Drawer.css';

/** Texts of {@link Drawer}; each defaults to the `widgets.*` translation. */
export interface DrawerLabels {
  /** The close button. Default `t('widgets.close')`. */
  close?: string;
}

/** Props of {@link Drawer}. */
export interface DrawerProps {
  /** Whether the drawer is open (controlled). */
  open?: boolean;
  /** Whether the drawer starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when the drawer opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** The heading, which also names the drawer. Default `t('widgets.navigation')`. */
  title?: ReactNode;
  /** The edge it slides from. Default `'left'`. */
  side?: 'left' | 'right';
  /** The content, e.g. the main navigation's links. It scrolls when long. */
  children?: ReactNode;
  /** Content pinned to the bottom, e.g. the language switcher or sign-out. */
  footer?: ReactNode;
  /** An element (usually a menu `IconButton`) that opens the drawer when clicked. */
  trigger?: ReactElement;
  /** Overrides of the texts. */
  labels?: DrawerLabels;
  /** Extra class on the panel. */
  className?: string;
}

/**
 * A modal panel at the edge of the screen, for the main navigation on phones (DESIGN.md: under
 * 768 px the navigation moves into a drawer). Focus is trapped and returns on close; Escape, the
 * close button and a press outside close it. Wrap a link in `DialogClose` to close on navigation.
 */
export function Drawer({
  open,
  defaultOpen = false,
  onOpenChange,
  title,
  side = 'left',
  children,
  footer,
  trigger,
  labels,
  className,
}: DrawerProps) {
  const { t } = useMiningT();
  const [bodyRef, bodyTabIndex] = useScrollFocusable<HTMLDivElement>();
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const titleId = `${useId()}-title`;
  return (
    <ModalLayer
      open={isOpen}
      onOpenChange={setOpen}
      role="dialog"
      trigger={trigger}
      closeOnOutsidePress
      closeOnEscape
      overlayClassName={styles.overlay}
      panelClassName={cx(styles.panel({ side }), className)}
      labelledBy={titleId}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title ?? t('widgets.navigation')}
        </h2>
        <IconButton
          icon="close"
          size="sm"
          label={labels?.close ?? t('widgets.close')}
          onClick={() => setOpen(false)}
        />
      </div>
      <div ref={bodyRef} tabIndex={bodyTabIndex} className={styles.body}>
        {children}
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </ModalLayer>
  );
}
