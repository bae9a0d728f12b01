import { useMergeRefs } from '@floating-ui/react';
import { cloneElement, type ReactElement, type Ref } from 'react';

/** Props of {@link Slot}. */
export interface SlotProps extends Record<string, unknown> {
  /** The element that receives the props, e.g. the trigger `<Button>` a user passes. */
  children: ReactElement;
  /** A ref to merge with the child's own ref. */
  ref?: Ref<Element>;
}

/**
 * Renders its one child with extra props and a merged ref, so a popover, tooltip or dialog
 * trigger stays the user's own element (their button keeps its role and label). Pass props
 * already merged with the child's own handlers, e.g. `getReferenceProps(child.props)`.
 */
export function Slot({ children, ref, ...props }: SlotProps) {
  const childRef = (children.props as { ref?: Ref<Element> }).ref;
  const mergedRef = useMergeRefs([ref, childRef]);
  return cloneElement(children, { ...props, ref: mergedRef } as Record<string, unknown>);
}

/** The props of a trigger element, to merge into floating-ui's `getReferenceProps`. */
export function elementProps(element: ReactElement): Record<string, unknown> {
  return element.props as Record<string, unknown>;
}
