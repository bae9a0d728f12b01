import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  type Placement,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type KeyboardEvent, type ReactElement, type ReactNode, useId, useState } from 'react';
import { cx } from '../../internal/cx';
import { elementProps, Slot } from '../../internal/Slot';
import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { PortalContainerContext, usePortalContainer } from '../../theme/portalContainer';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './Popover.css';

/** Texts of {@link Popover}; each defaults to the `widgets.*` translation. */
export interface PopoverLabels {
  /** The close button. Default `t('widgets.close')`. */
  close?: string;
}

/** Props of {@link Popover}. */
export interface PopoverProps {
  /** The element (usually a button) that opens and closes the popover. */
  trigger: ReactElement;
  /** The content: text, a small form, a QR code… */
  children: ReactNode;
  /** A heading that names the popover. Without one, give an `aria-label`. */
  title?: ReactNode;
  /** The popover's name when it has no `title`. */
  'aria-label'?: string;
  /** Whether it is open (controlled). */
  open?: boolean;
  /** Whether it starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Where it appears; it flips when there is no room. Default `'bottom-start'`. */
  placement?: Placement;
  /** Shows a close button in the corner. Default `true`. */
  showCloseButton?: boolean;
  /** Overrides of the texts. */
  labels?: PopoverLabels;
  /** Extra class on the panel. */
  className?: string;
}

/**
 * A non-modal panel anchored to a trigger (`role="dialog"`; the trigger gets `aria-expanded`
 * and `aria-controls`). Focus moves into it; Escape, a press outside or tabbing away closes it,
 * and focus returns to the trigger. The panel carries `data-state="open"`.
 */
export function Popover({
  trigger,
  children,
  title,
  'aria-label': ariaLabel,
  open,
  defaultOpen = false,
  onOpenChange,
  placement = 'bottom-start',
  showCloseButton = true,
  labels,
  className,
}: PopoverProps) {
  const { t } = useMiningT();
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const titleId = useId();
  const portalContainer = usePortalContainer();
  const [innerPortal, setInnerPortal] = useState<HTMLDivElement | null>(null);
  const { refs, floatingStyles, context } = useFloating({
    open: isOpen,
    onOpenChange: setOpen,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 })],
  });
  const click = useClick(context);
  // Escape is handled on the panel so that a popover inside a dialog closes alone.
  const dismiss = useDismiss(context, { escapeKey: false });
  const role = useRole(context, { role: 'dialog' });
  const { getReferenceProps, getFloatingProps } = useInteractions([click, dismiss, role]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
  };

  return (
    <>
      <Slot ref={refs.setReference} {...getReferenceProps(elementProps(trigger))}>
        {trigger}
      </Slot>
      {isOpen ? (
        <FloatingPortal root={portalContainer}>
          <FloatingFocusManager context={context} modal={false}>
            <div
              ref={refs.setFloating}
              style={floatingStyles}
              role="dialog"
              className={cx(styles.panel, className)}
              aria-labelledby={title ? titleId : undefined}
              aria-label={title ? undefined : ariaLabel}
              data-state="open"
              {...getFloatingProps({ onKeyDown: handleKeyDown })}
            >
              {title ? (
                <h2
                  id={titleId}
                  className={styles.title}
                  data-closable={showCloseButton || undefined}
                >
                  {title}
                </h2>
              ) : null}
              <PortalContainerContext.Provider value={innerPortal}>
                <div className={styles.body}>{children}</div>
              </PortalContainerContext.Provider>
              {showCloseButton ? (
                <IconButton
                  icon="close"
                  size="sm"
                  label={labels?.close ?? t('widgets.close')}
                  className={styles.close}
                  onClick={() => setOpen(false)}
                />
              ) : null}
              <div ref={setInnerPortal} />
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}
