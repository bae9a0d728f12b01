import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import {
  createContext,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useContext,
  useState,
} from 'react';
import { PortalContainerContext, usePortalContainer } from '../theme/portalContainer';
import { elementProps, Slot } from './Slot';

interface ModalContextValue {
  close: () => void;
}

const ModalContext = createContext<ModalContextValue | null>(null);

/** The `close` of the dialog, drawer or alert dialog around the caller, or `null`. */
export function useModalContext(): ModalContextValue | null {
  return useContext(ModalContext);
}

/** Props of {@link ModalLayer}. */
export interface ModalLayerProps {
  /** Whether the layer shows. */
  open: boolean;
  /** Called to open or close it (trigger, Escape, outside press, `DialogClose`). */
  onOpenChange: (open: boolean) => void;
  /** `alertdialog` for messages that need an answer. */
  role: 'dialog' | 'alertdialog';
  /** An element that opens the layer on click and gets `aria-haspopup`/`aria-expanded`. */
  trigger?: ReactElement | undefined;
  /** Whether a press on the overlay closes it. */
  closeOnOutsidePress: boolean;
  /** Whether Escape closes it. */
  closeOnEscape: boolean;
  /** What to focus first; default the first tabbable element. */
  initialFocus?: number | RefObject<HTMLElement | null> | undefined;
  /** Class of the dimmed full-screen layer. */
  overlayClassName: string;
  /** Class of the panel that holds the content. */
  panelClassName: string;
  /** The id of the heading that names the panel. */
  labelledBy: string;
  /** The id of the text that describes the panel. */
  describedBy?: string | undefined;
  /** The panel's content. */
  children: ReactNode;
}

/**
 * The modal machinery shared by Dialog, Drawer and AlertDialog: portal into the theme wrapper,
 * dimmed overlay with scroll lock, focus trap that returns focus on close, Escape and
 * outside-press dismissal, and a portal container inside the panel so menus opened from the
 * dialog stay inside its focus trap.
 */
export function ModalLayer({
  open,
  onOpenChange,
  role,
  trigger,
  closeOnOutsidePress,
  closeOnEscape,
  initialFocus,
  overlayClassName,
  panelClassName,
  labelledBy,
  describedBy,
  children,
}: ModalLayerProps) {
  const portalContainer = usePortalContainer();
  const [innerPortal, setInnerPortal] = useState<HTMLDivElement | null>(null);
  const { refs, context } = useFloating({ open, onOpenChange });
  const click = useClick(context, { enabled: trigger !== undefined });
  const dismiss = useDismiss(context, {
    outsidePress: closeOnOutsidePress,
    escapeKey: closeOnEscape,
    // A press that starts inside the panel and ends on the overlay (text selection) must not close.
    outsidePressEvent: 'mousedown',
  });
  const roleProps = useRole(context, { role });
  const { getReferenceProps, getFloatingProps } = useInteractions([click, dismiss, roleProps]);
  const state = open ? 'open' : 'closed';

  return (
    <>
      {trigger ? (
        <Slot ref={refs.setReference} {...getReferenceProps(elementProps(trigger))}>
          {trigger}
        </Slot>
      ) : null}
      {open ? (
        <FloatingPortal root={portalContainer}>
          <FloatingOverlay lockScroll className={overlayClassName} data-state={state}>
            <FloatingFocusManager context={context} initialFocus={initialFocus} returnFocus>
              {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both named by aria-labelledby */}
              <div
                ref={refs.setFloating}
                role={role}
                className={panelClassName}
                aria-labelledby={labelledBy}
                aria-describedby={describedBy}
                aria-modal="true"
                data-state={state}
                {...getFloatingProps()}
              >
                <ModalContext.Provider value={{ close: () => onOpenChange(false) }}>
                  <PortalContainerContext.Provider value={innerPortal}>
                    {children}
                  </PortalContainerContext.Provider>
                </ModalContext.Provider>
                <div ref={setInnerPortal} />
              </div>
            </FloatingFocusManager>
          </FloatingOverlay>
        </FloatingPortal>
      ) : null}
    </>
  );
}
