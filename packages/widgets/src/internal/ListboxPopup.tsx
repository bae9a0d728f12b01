import { FloatingPortal, useDismiss, useInteractions } from '@floating-ui/react';
import { type CSSProperties, type ReactNode, useCallback, useEffect } from 'react';
import { Icon } from '../components/Icon/Icon';
import { usePortalContainer } from '../theme/portalContainer';
import type { ListOption } from './listbox';
import { listItem, listItemCheck, listPanel } from './shared.css';
import { useDropdownFloating } from './useDropdownFloating';

/**
 * The floating list of a `Select` or `Combobox`: its position under the trigger, closing on an
 * outside press, and the highlighted option (`activeIndex`) kept in view. Closing forgets the
 * highlight; Escape is the trigger's, so that it closes only this list, not a dialog around it.
 */
export function useListboxFloating(
  open: boolean,
  setOpen: (open: boolean) => void,
  activeIndex: number,
  setActiveIndex: (index: number) => void,
) {
  const setOpenState = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (!next) setActiveIndex(-1);
    },
    [setOpen, setActiveIndex],
  );
  const { refs, floatingStyles, context } = useDropdownFloating({
    open,
    onOpenChange: setOpenState,
  });
  const dismiss = useDismiss(context, { escapeKey: false });
  const { getReferenceProps, getFloatingProps } = useInteractions([dismiss]);

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    refs.floating.current
      ?.querySelector<HTMLElement>('[data-active]')
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, refs.floating]);

  return { refs, floatingStyles, setOpenState, getReferenceProps, getFloatingProps };
}

/** Props of {@link ListboxPopup}. */
export interface ListboxPopupProps {
  /** The listbox's id, which the trigger's `aria-controls` names. */
  id: string;
  /** The id of the visible label; without it `ariaLabel` names the list. */
  labelledBy?: string;
  /** The list's name when there is no visible label. */
  ariaLabel?: string;
  /** floating-ui's `refs.setFloating`. */
  setFloating: (node: HTMLElement | null) => void;
  /** floating-ui's `floatingStyles`. */
  style: CSSProperties;
  /** floating-ui's `getFloatingProps()`. */
  floatingProps: Record<string, unknown>;
  /** The options ({@link ListboxOption}). */
  children: ReactNode;
}

/** The floating list of a `Select` or `Combobox`, in the kit's portal. */
export function ListboxPopup({
  id,
  labelledBy,
  ariaLabel,
  setFloating,
  style,
  floatingProps,
  children,
}: ListboxPopupProps) {
  const portalContainer = usePortalContainer();
  return (
    <FloatingPortal root={portalContainer}>
      <div
        ref={setFloating}
        id={id}
        role="listbox"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : ariaLabel}
        style={style}
        className={listPanel}
        {...floatingProps}
      >
        {children}
      </div>
    </FloatingPortal>
  );
}

/** Props of {@link ListboxOption}. */
export interface ListboxOptionProps<V extends string> {
  /** The option's id, which the trigger's `aria-activedescendant` names. */
  id: string;
  option: ListOption<V>;
  /** The chosen option: checked and `aria-selected`. */
  selected: boolean;
  /** The highlighted option (`data-active`). */
  active: boolean;
  /** Highlights this option (the pointer moved over it). */
  onActivate: () => void;
  /** Chooses this option. */
  onChoose: () => void;
}

/** One option of a {@link ListboxPopup}, with the check of the chosen one. */
export function ListboxOption<V extends string>({
  id,
  option,
  selected,
  active,
  onActivate,
  onChoose,
}: ListboxOptionProps<V>) {
  return (
    // The keyboard works on the trigger, which keeps focus (aria-activedescendant).
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      aria-disabled={option.disabled || undefined}
      data-active={active ? '' : undefined}
      className={listItem}
      onMouseMove={() => {
        if (!option.disabled && !active) onActivate();
      }}
      // Keeps focus on the trigger, which owns the keyboard.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
    >
      <span className={listItemCheck}>{selected ? <Icon name="check" /> : null}</span>
      {option.label}
    </div>
  );
}
