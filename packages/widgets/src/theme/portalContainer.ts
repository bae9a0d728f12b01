import { createContext, useContext } from 'react';

/**
 * Where floating layers (menus, dialogs, toasts) are portalled: inside the theme wrapper, so they
 * keep its CSS variables, or inside the open dialog, so they stay in its focus trap.
 * `undefined` means no PoolKit wrapper (portal to `document.body`); `null` means the wrapper is
 * still mounting.
 */
export const PortalContainerContext = createContext<HTMLElement | null | undefined>(undefined);

/** The element floating layers should be portalled into; see {@link PortalContainerContext}. */
export function usePortalContainer(): HTMLElement | null | undefined {
  return useContext(PortalContainerContext);
}
