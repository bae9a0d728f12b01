import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LinkProps } from './nav';
import { useSessionState } from './servicesContext';
import * as styles from './ui.css';
import type { ApiData } from './useApiData';

/** Adds the observer token to an internal path in observer mode, so the session survives links. */
export function withObserverToken(to: string, observerToken: string | null): string {
  if (observerToken === null) return to;
  const url = new URL(to, 'http://site.invalid');
  url.searchParams.set('observer_token', observerToken);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A router link that keeps an observer session's token. */
export function AppLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const { observerToken } = useSessionState();
  return <Link to={withObserverToken(to, observerToken)} {...rest} />;
}

/**
 * The section tabs of an area (user centre, wallet, operator console): one link per page, named
 * `site.routes.<name>`, the current one marked `aria-current="page"`.
 */
export function SectionTabs({
  label,
  tabs,
  current,
}: {
  /** The navigation's accessible name. */
  label: string;
  /** `[route name, path]` of each page, in order. */
  tabs: readonly (readonly [string, string])[];
  /** The route name of the page shown, or `null` when none of them is. */
  current: string | null;
}) {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map(([name, to]) => (
        <AppLink
          key={name}
          to={to}
          className={styles.tab}
          aria-current={name === current ? 'page' : undefined}
        >
          {t(`site.routes.${name}`)}
        </AppLink>
      ))}
    </nav>
  );
}

/**
 * A link of server content (footer links, announcements, slides, ads): a path of the site
 * (`/terms`) opens in the router like {@link AppLink}; an absolute URL leaves the site in a new
 * tab.
 */
export function ContentLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  if (href.startsWith('/')) {
    return (
      <AppLink to={href} className={className}>
        {children}
      </AppLink>
    );
  }
  return (
    <a href={href} className={className} rel="noopener noreferrer" target="_blank">
      {children}
    </a>
  );
}

/** A page's heading block and body. */
export function PageFrame({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section>
      <header className={styles.pageHeader}>
        <div className={styles.row}>
          <h1 className={`${styles.pageTitle} ${styles.grow}`}>{title}</h1>
          {actions}
        </div>
        {subtitle ? <p className={styles.pageSubtitle}>{subtitle}</p> : null}
      </header>
      {children}
    </section>
  );
}

/** A card with an optional heading. */
export function Card({
  title,
  children,
  id,
  className,
}: {
  title?: string;
  children?: ReactNode;
  id?: string;
  /** Extra class on the card. */
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      className={className ? `${styles.card} ${className}` : styles.card}
      aria-labelledby={title ? headingId : undefined}
      id={id}
    >
      {title ? (
        <h2 id={headingId} className={styles.cardTitle}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

/** A responsive grid of cards (1 column on phones, more on desktop). */
export function CardGrid({ children }: { children?: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/**
 * A list of label/value figures. A `wide` item takes two columns: for a value that is text on one
 * line (an email address, a date and time) rather than a short figure.
 */
export function Stats({
  items,
}: {
  items: readonly { label: string; value: ReactNode; wide?: boolean }[];
}) {
  return (
    <dl className={styles.stats}>
      {items.map((item) => (
        <div
          key={item.label}
          className={item.wide ? `${styles.stat} ${styles.statWide}` : styles.stat}
        >
          <dt className={styles.statLabel}>{item.label}</dt>
          <dd className={styles.statValue}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A figure no primary source confirms yet, when `unverified`: the value and a `*` that a legend
 * nearby explains; screen readers hear "(Unverified)" instead of the star.
 */
export function Unverified({ unverified, children }: { unverified: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (!unverified) return <>{children}</>;
  return (
    <>
      {children}
      <sup className={styles.unverifiedMark} title={t('site.common.unverified')} aria-hidden="true">
        *
      </sup>
      <span className={styles.visuallyHidden}> ({t('site.common.unverified')})</span>
    </>
  );
}

/** The empty state: a sentence and, optionally, the next action. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      <p>{text}</p>
      {action}
    </div>
  );
}

/** Skeleton lines while content loads. */
export function Skeleton({ lines = 3 }: { lines?: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      {Array.from({ length: lines }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity.
          key={index}
          className={`${styles.skeleton} ${styles.skeletonWidth[(index % 4) as 0 | 1 | 2 | 3]}`}
        />
      ))}
    </div>
  );
}

/**
 * Renders a data section in its four states: skeleton, content, empty (also for a missing
 * endpoint) and error with a retry.
 */
export function DataSection<T>({
  data,
  isEmpty,
  emptyText,
  skeletonLines,
  children,
}: {
  data: ApiData<T>;
  isEmpty?: (value: T) => boolean;
  emptyText?: string | undefined;
  /** Lines of the loading skeleton, about the height of the content. Default 3. */
  skeletonLines?: number;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation();
  switch (data.status) {
    case 'loading':
      return <Skeleton lines={skeletonLines} />;
    case 'missing':
      return <EmptyState text={emptyText ?? t('site.common.noData')} />;
    case 'error':
      return (
        <EmptyState
          text={t('site.common.loadFailed')}
          action={
            <button type="button" className={styles.tab} onClick={data.reload}>
              {t('common.retry')}
            </button>
          }
        />
      );
    case 'ready':
      if (isEmpty?.(data.data)) return <EmptyState text={emptyText ?? t('site.common.noData')} />;
      return <>{children(data.data)}</>;
    default:
      return data satisfies never;
  }
}

/**
 * A simple accessible table that scrolls sideways on phones with the first column pinned; with
 * `stackOnPhones`, under 768 px each row becomes a block of labelled lines instead (the first
 * cell as its heading), for a table a phone reader scans row by row.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  stackOnPhones = false,
}: {
  caption: string;
  columns: readonly { key: string; header: string; cell: (row: Row) => ReactNode }[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Rows as labelled blocks under 768 px instead of a sideways scroll. Default `false`. */
  stackOnPhones?: boolean;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={stackOnPhones ? `${styles.table} ${styles.stackedTable}` : styles.table}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.key} data-label={stackOnPhones ? column.header : undefined}>
                  {/* One box beside the label, however many parts the cell has. */}
                  {stackOnPhones ? <span>{column.cell(row)}</span> : column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A labelled input with its validation message. */
export function TextField({
  label,
  error,
  ...input
}: React.ComponentPropsWithoutRef<'input'> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled native select over a fixed list; `onChange` receives only one of the list's values.
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Tabs as links or buttons, marked for assistive technology. */
export function TabList({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          className={styles.tab}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export { styles as uiStyles };
