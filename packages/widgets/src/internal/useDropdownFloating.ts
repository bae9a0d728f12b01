import {
  autoUpdate,
  flip,
  offset,
  type Placement,
  shift,
  size,
  useFloating,
} from '@floating-ui/react';

/** Options of {@link useDropdownFloating}. */
export interface DropdownFloatingOptions {
  /** Whether the list shows. */
  open: boolean;
  /** Called when floating-ui closes the list (outside press). */
  onOpenChange: (open: boolean) => void;
  /** Default `'bottom-start'`. */
  placement?: Placement;
  /** Makes the layer at least as wide as its trigger. Default `true`. */
  matchWidth?: boolean;
  /** The tallest the layer may grow, in pixels, before it scrolls. Default `320`. */
  maxHeight?: number;
}

/**
 * Positions a list (select, combobox, menu) under its trigger: flips above when there is no room,
 * stays inside the viewport, never grows taller than the space left. `fixed` positioning so a
 * scrolling dialog or table does not clip it.
 */
export function useDropdownFloating({
  open,
  onOpenChange,
  placement = 'bottom-start',
  matchWidth = true,
  maxHeight = 320,
}: DropdownFloatingOptions) {
  return useFloating({
    open,
    onOpenChange,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ rects, availableHeight, availableWidth, elements }) {
          elements.floating.style.maxHeight = `${Math.max(80, Math.min(availableHeight, maxHeight))}px`;
          elements.floating.style.maxWidth = `${Math.max(160, availableWidth)}px`;
          if (matchWidth) elements.floating.style.minWidth = `${rects.reference.width}px`;
        },
      }),
    ],
  });
}
