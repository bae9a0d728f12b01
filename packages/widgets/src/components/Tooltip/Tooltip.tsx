import {
  arrow,
  autoUpdate,
  FloatingArrow,
  FloatingPortal,
  flip,
  offset,
  type Placement,
  safePolygon,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { elementProps, Slot } from '../../internal/Slot';
import { useControllableState } from '../../internal/useControllableState';
import { usePortalContainer } from '../../theme/portalContainer';
import * as styles from './Tooltip.css';

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** The hint. Keep it short and never the only place of important information. */
  content: ReactNode;
  /** One focusable element (a button, a link) the tooltip describes. */
  children: ReactElement;
  /** Where it appears; it flips when there is no room. Default `'top'`. */
  placement?: Placement;
  /** Milliseconds of hovering before it shows; focus shows it at once. Default `300`. */
  delay?: number;
  /** Whether it shows (controlled). */
  open?: boolean;
  /** Whether it starts shown (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when it shows or hides. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A short hint on hover and keyboard focus (`role="tooltip"`, linked to its element with
 * `aria-describedby`). Escape hides it, and the pointer can move onto it (WCAG 1.4.13).
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
  delay = 300,
  open,
  defaultOpen = false,
  onOpenChange,
}: TooltipProps) {
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const arrowRef = useRef<SVGSVGElement>(null);
  const portalContainer = usePortalContainer();
  const { refs, floatingStyles, context } = useFloating({
    open: isOpen,
    onOpenChange: setOpen,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(8),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      arrow({ element: arrowRef }),
    ],
  });
  const hover = useHover(context, {
    move: false,
    delay: { open: delay, close: 0 },
    handleClose: safePolygon(),
  });
  const focus = useFocus(context);
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'tooltip' });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role]);

  return (
    <>
      <Slot ref={refs.setReference} {...getReferenceProps(elementProps(children))}>
        {children}
      </Slot>
      {isOpen ? (
        <FloatingPortal root={portalContainer}>
          <div
            ref={refs.setFloating}
            style={floatingStyles}
            className={styles.tooltip}
            {...getFloatingProps()}
          >
            {content}
            <FloatingArrow ref={arrowRef} context={context} className={styles.arrow} />
          </div>
        </FloatingPortal>
      ) : null}
    </>
  );
}
