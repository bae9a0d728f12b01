import {
  FloatingFocusManager,
  FloatingPortal,
  type Placement,
  useClick,
  useDismiss,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import {
  Fragment,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useRef,
  useState,
} from 'react';
import { cx } from '../../internal/cx';
import { elementProps, Slot } from '../../internal/Slot';
import { listItem, listPanel } from '../../internal/shared.css';
import { useControllableState } from '../../internal/useControllableState';
import { useDropdownFloating } from '../../internal/useDropdownFloating';
import { usePortalContainer } from '../../theme/portalContainer';
import { Icon, type IconName } from '../Icon/Icon';
import * as styles from './DropdownMenu.css';

/** One action of a {@link DropdownMenu}. */
export interface DropdownMenuItem {
  /** A stable key, unique in the menu. */
  id: string;
  /** What the item says. */
  label: ReactNode;
  /** Plain text for typeahead when `label` is not a string. */
  textValue?: string;
  /** Runs when the item is chosen (click, Enter or Space); the menu then closes. */
  onSelect?: () => void;
  /** Shown but not choosable; the arrows skip it. Default `false`. */
  disabled?: boolean;
  /** `'danger'` for destructive actions (red text). Default `'default'`. */
  tone?: 'default' | 'danger';
  /** An icon before the label. */
  icon?: IconName;
  /** Draws a line above this item, to group actions. Default `false`. */
  separatorBefore?: boolean;
}

/** Props of {@link DropdownMenu}. */
export interface DropdownMenuProps {
  /** The element (usually a button) that opens the menu. Gets `aria-haspopup="menu"` and `aria-expanded`. */
  trigger: ReactElement;
  /** The actions, in order. */
  items: readonly DropdownMenuItem[];
  /** The menu's name for screen readers. Default: named by its trigger. */
  'aria-label'?: string;
  /** Whether it is open (controlled). */
  open?: boolean;
  /** Whether it starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Where it appears; it flips when there is no room. Default `'bottom-end'`. */
  placement?: Placement;
}

const itemText = (item: DropdownMenuItem) =>
  item.textValue ?? (typeof item.label === 'string' ? item.label : item.id);

/**
 * A menu of actions (`role="menu"` with `menuitem`s) opened from a trigger. Arrow keys, Home/End
 * and typeahead move between items (roving focus), Enter/Space choose, Escape closes, and focus
 * returns to the trigger. Tab stays in the open menu.
 */
export function DropdownMenu({
  trigger,
  items,
  'aria-label': ariaLabel,
  open,
  defaultOpen = false,
  onOpenChange,
  placement = 'bottom-end',
}: DropdownMenuProps) {
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const textsRef = useRef<Array<string | null>>([]);
  const portalContainer = usePortalContainer();
  const { refs, floatingStyles, context } = useDropdownFloating({
    open: isOpen,
    onOpenChange: setOpen,
    placement,
    matchWidth: false,
  });
  const click = useClick(context);
  // Escape is handled on the menu so that a menu inside a dialog closes alone.
  const dismiss = useDismiss(context, { escapeKey: false });
  const role = useRole(context, { role: 'menu' });
  const navigation = useListNavigation(context, {
    listRef,
    activeIndex,
    onNavigate: setActiveIndex,
    loop: true,
  });
  const typeahead = useTypeahead(context, {
    listRef: textsRef,
    activeIndex,
    onMatch: isOpen ? setActiveIndex : undefined,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    click,
    dismiss,
    role,
    navigation,
    typeahead,
  ]);

  const focusItem = (index: number) => {
    if (index < 0) return;
    setActiveIndex(index);
    listRef.current[index]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Tab') {
      event.preventDefault();
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(items.findIndex((item) => !item.disabled));
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(items.findLastIndex((item) => !item.disabled));
    }
  };

  const choose = (item: DropdownMenuItem) => {
    if (item.disabled) return;
    item.onSelect?.();
    setOpen(false);
  };

  return (
    <>
      <Slot ref={refs.setReference} {...getReferenceProps(elementProps(trigger))}>
        {trigger}
      </Slot>
      {isOpen ? (
        // No focus guards: their hidden tab stops read as focusable content to axe, and a menu
        // keeps Tab to itself anyway (as Radix does), so they would have nothing to guard.
        <FloatingPortal root={portalContainer} preserveTabOrder={false}>
          <FloatingFocusManager context={context} modal={false} guards={false}>
            <div
              ref={refs.setFloating}
              style={floatingStyles}
              role="menu"
              className={listPanel}
              aria-label={ariaLabel}
              data-state="open"
              {...getFloatingProps({ onKeyDown: handleKeyDown })}
            >
              {items.map((item, index) => (
                <Fragment key={item.id}>
                  {item.separatorBefore ? <hr className={styles.separator} /> : null}
                  <button
                    type="button"
                    role="menuitem"
                    ref={(node) => {
                      listRef.current[index] = node;
                      textsRef.current[index] = itemText(item);
                    }}
                    tabIndex={activeIndex === index ? 0 : -1}
                    aria-disabled={item.disabled || undefined}
                    data-active={activeIndex === index ? '' : undefined}
                    data-tone={item.tone ?? 'default'}
                    className={cx(listItem, styles.item)}
                    {...getItemProps({ onClick: () => choose(item) })}
                  >
                    {item.icon ? <Icon name={item.icon} /> : null}
                    {item.label}
                  </button>
                </Fragment>
              ))}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}
