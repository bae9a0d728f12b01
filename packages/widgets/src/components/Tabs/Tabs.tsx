import { createContext, type KeyboardEvent, type ReactNode, useContext, useId } from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import * as styles from './Tabs.css';

interface TabsContextValue {
  baseId: string;
  value: string | null;
  select: (value: string) => void;
  activation: 'automatic' | 'manual';
  orientation: 'horizontal' | 'vertical';
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(component: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${component}> must be inside <Tabs>.`);
  return context;
}

// Values become part of element ids, which must not contain spaces.
const idPart = (value: string) => value.replace(/\s+/g, '-');

/** Props of {@link Tabs}. */
export interface TabsProps {
  /** The selected tab's value (controlled). */
  value?: string;
  /** The first selected tab's value (uncontrolled). Default `null`: give one, or no tab is selected. */
  defaultValue?: string;
  /** Called when another tab is selected. */
  onValueChange?: (value: string) => void;
  /**
   * `'automatic'` selects a tab as soon as arrow keys focus it; `'manual'` waits for Enter or
   * Space (for panels that are slow to render). Default `'automatic'`.
   */
  activationMode?: 'automatic' | 'manual';
  /** Which arrow keys move between tabs. Default `'horizontal'`. */
  orientation?: 'horizontal' | 'vertical';
  /** A `TabList` and its `TabPanel`s. */
  children: ReactNode;
  /** Extra class on the root. */
  className?: string;
}

/**
 * Tabs in the ARIA pattern: a `tablist` of `tab`s with `aria-selected`, one focusable tab (roving
 * tabindex), arrows/Home/End to move, and `tabpanel`s labelled by their tab.
 */
export function Tabs({
  value,
  defaultValue,
  onValueChange,
  activationMode = 'automatic',
  orientation = 'horizontal',
  children,
  className,
}: TabsProps) {
  const baseId = useId();
  const [selected, setSelected] = useControllableState<string | null>({
    value,
    defaultValue: defaultValue ?? null,
  });
  return (
    <TabsContext.Provider
      value={{
        baseId,
        value: selected,
        select: (next) => {
          if (next === selected) return;
          setSelected(next);
          onValueChange?.(next);
        },
        activation: activationMode,
        orientation,
      }}
    >
      <div className={cx(styles.root({ orientation }), className)} data-orientation={orientation}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** Props of {@link TabList}. */
export interface TabListProps {
  /** What the tabs switch between, for screen readers, e.g. "Miner statistics". */
  'aria-label'?: string;
  /** The id of a visible heading that names the tabs. */
  'aria-labelledby'?: string;
  /** The `Tab`s. */
  children: ReactNode;
  /** Extra class on the list. */
  className?: string;
}

/** The row of tabs. On narrow screens it scrolls sideways instead of wrapping. */
export function TabList({ children, className, ...aria }: TabListProps) {
  const { orientation, activation } = useTabsContext('TabList');
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const previousKey = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
    const nextKey = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
    if (![previousKey, nextKey, 'Home', 'End'].includes(event.key)) return;
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
    );
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    event.preventDefault();
    let next = current;
    if (event.key === previousKey) next = (current - 1 + tabs.length) % tabs.length;
    else if (event.key === nextKey) next = (current + 1) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else next = tabs.length - 1;
    const tab = tabs[next];
    tab?.focus();
    if (activation === 'automatic') tab?.click();
  };
  return (
    <div
      {...aria}
      role="tablist"
      aria-orientation={orientation}
      className={cx(styles.list({ orientation }), className)}
      onKeyDown={handleKeyDown}
    >
      {children}
    </div>
  );
}

/** Props of {@link Tab}. */
export interface TabProps {
  /** The value this tab selects; its `TabPanel` has the same value. */
  value: string;
  /** The tab's text. */
  children: ReactNode;
  /** Skipped by the arrows and not selectable. Default `false`. */
  disabled?: boolean;
  /** Extra class on the tab. */
  className?: string;
}

/** One tab. Carries `aria-selected` and `data-state="active" | "inactive"`. */
export function Tab({ value, children, disabled = false, className }: TabProps) {
  const { baseId, value: selected, select } = useTabsContext('Tab');
  const isSelected = selected === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${baseId}-tab-${idPart(value)}`}
      aria-selected={isSelected}
      aria-controls={`${baseId}-panel-${idPart(value)}`}
      tabIndex={isSelected ? 0 : -1}
      disabled={disabled}
      data-state={isSelected ? 'active' : 'inactive'}
      className={cx(styles.tab, className)}
      onClick={() => select(value)}
    >
      {children}
    </button>
  );
}

/** Props of {@link TabPanel}. */
export interface TabPanelProps {
  /** The value of the tab that shows this panel. */
  value: string;
  /** The panel's content. */
  children: ReactNode;
  /** Keeps the panel in the DOM (hidden) while inactive, e.g. to keep a chart's state. Default `false`. */
  forceMount?: boolean;
  /** Extra class on the panel. */
  className?: string;
}

/** The content of one tab (`role="tabpanel"`, labelled by its tab, focusable with Tab). */
export function TabPanel({ value, children, forceMount = false, className }: TabPanelProps) {
  const { baseId, value: selected } = useTabsContext('TabPanel');
  const isSelected = selected === value;
  if (!isSelected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={`${baseId}-panel-${idPart(value)}`}
      aria-labelledby={`${baseId}-tab-${idPart(value)}`}
      // ARIA's tabs pattern: the panel is a tab stop, so Tab goes from the tabs to the content.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel is a tab stop by design
      tabIndex={0}
      hidden={!isSelected}
      data-state={isSelected ? 'active' : 'inactive'}
      className={cx(styles.panel, className)}
    >
      {children}
    </div>
  );
}
