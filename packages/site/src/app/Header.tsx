import { hasAnyPermission, matchRoute } from '@poolkit/core/access';
import {
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  loadLanguage,
} from '@poolkit/core/i18n';
import { Button } from '@poolkit/widgets';
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from './feedback';
import * as styles from './Header.css';
import { useLive } from './live';
import { useLocation, useNavigate, useParams } from './nav';
import { useServices, useSessionState } from './servicesContext';
import { setThemeChoice, type ThemeChoice, useTheme } from './theme';
import { AppLink, withObserverToken } from './ui';
import { UNREAD_CHANGED_EVENT } from './unreadMessages';
import { useApiData } from './useApiData';
import { coinHome, usePools } from './usePools';

/** Switches the interface language and stores it under `language` (spec section 3). */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n, session } = useServices();
  const [language, setLanguage] = useState<Language>(session.get('language'));
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return [
    language,
    (next) => {
      session.set('language', next);
      // Switches once the language's messages are all in (English beyond the first screen is a
      // chunk too), unless another choice came meanwhile.
      void loadLanguage(i18n, next).then(() => {
        if (session.get('language') === next) void i18n.changeLanguage(next);
      });
      setLanguage(next);
    },
  ];
}

function LanguageSelect({ id }: { id: string }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  return (
    <label className={styles.selectLabel} htmlFor={id}>
      <span className={styles.visuallyHidden}>{t('common.language')}</span>
      <select
        id={id}
        className={styles.settingSelect}
        value={language}
        data-testid="language-switcher"
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const THEME_LABELS = {
  system: 'site.header.themeSystem',
  light: 'site.header.themeLight',
  dark: 'site.header.themeDark',
} as const;

/** Follow the system's colour scheme (the default), or always light or dark; kept per browser. */
function ThemeSelect({ id }: { id: string }) {
  const { t } = useTranslation();
  const { choice } = useTheme();
  return (
    <label className={styles.selectLabel} htmlFor={id}>
      <span className={styles.visuallyHidden}>{t('site.header.theme')}</span>
      <select
        id={id}
        className={styles.settingSelect}
        value={choice}
        data-testid="theme-switcher"
        onChange={(event) => setThemeChoice(event.target.value as ThemeChoice)}
      >
        {THEME_CHOICES.map((value) => (
          <option key={value} value={value}>
            {t(THEME_LABELS[value])}
          </option>
        ))}
      </select>
    </label>
  );
}

function CoinSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const pools = usePools();
  const { observerToken } = useSessionState();
  const current = params.coin ?? params.type ?? '';
  const coins = pools.status === 'ready' ? [...new Set(pools.data.map((pool) => pool.coin))] : [];
  const id = useId();
  return (
    <label className={styles.selectLabel} htmlFor={id}>
      <span className={styles.visuallyHidden}>{t('site.header.coin')}</span>
      <select
        id={id}
        className={styles.select}
        value={(coins as readonly string[]).includes(current) ? current : ''}
        onChange={(event) => {
          if (event.target.value !== '')
            void navigate(withObserverToken(coinHome(event.target.value), observerToken));
        }}
      >
        <option value="">{t('site.header.chooseCoin')}</option>
        {coins.map((coin) => (
          <option key={coin} value={coin}>
            {coin.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}

interface NavLinkItem {
  to: string;
  label: string;
}

/** The main navigation's links, for the user's roles (spec section 6). */
function useNavLinks(): NavLinkItem[] {
  const { t } = useTranslation();
  const { loggedIn, roles } = useSessionState();
  return [
    { to: '/', label: t('site.nav.home') },
    { to: '/mining', label: t('site.nav.addressMining') },
    { to: '/miners', label: t('site.nav.miners') },
    { to: '/sales', label: t('site.nav.sales') },
    { to: '/download', label: t('site.nav.download') },
    { to: '/ticket', label: t('site.nav.support') },
    ...(loggedIn ? [{ to: '/user/mining', label: t('site.nav.myMining') }] : []),
  ].filter((link) => !loggedIn || mayOpen(link.to, roles));
}

function NavLinks({ links, onNavigate }: { links: NavLinkItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <>
      {links.map((link) => (
        <AppLink
          key={link.to}
          to={link.to}
          className={styles.navLink}
          aria-current={pathname === link.to ? 'page' : undefined}
          onClick={onNavigate}
        >
          {link.label}
        </AppLink>
      ))}
    </>
  );
}

/** Closes a popup menu on a press outside `ref`. */
function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPress = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', onPress);
    return () => document.removeEventListener('mousedown', onPress);
  }, [ref, open, close]);
}

/**
 * A header button opening a menu of links (and `extra` items after them): "More" of the
 * navigation and the account menu. Closes on a choice, Escape or a press outside.
 */
function LinkMenu({
  label,
  links,
  buttonClassName,
  menuClassName,
  extra,
}: {
  label: ReactNode;
  links: NavLinkItem[];
  buttonClassName: string;
  menuClassName: string;
  extra?: (close: () => void) => ReactNode;
}) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  return (
    <div className={styles.menuWrap} ref={ref}>
      <button
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        {label}
      </button>
      {open ? (
        <div id={menuId} role="menu" className={menuClassName}>
          {links.map((link) => (
            <AppLink
              key={link.to}
              role="menuitem"
              to={link.to}
              className={styles.menuItem}
              aria-current={pathname === link.to ? 'page' : undefined}
              onClick={close}
            >
              {link.label}
            </AppLink>
          ))}
          {extra?.(close)}
        </div>
      ) : null}
    </div>
  );
}

/**
 * How many of the navigation's links fit in `nav` beside a "More" button, from the widths of
 * their hidden copies in `measure` (the last child there is the "More" button's copy).
 */
export function linksThatFit(available: number, widths: number[], moreWidth: number, gap: number) {
  const total = widths.reduce((sum, width, index) => sum + width + (index > 0 ? gap : 0), 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    if (used + gap + width > available) break;
    used += gap + width;
    count += 1;
  }
  return count;
}

/**
 * The wide screens' navigation: as many links as the bar has room for, the rest in a "More"
 * menu (a language with long words, or a signed-in bar, would otherwise clip them).
 */
function DesktopNav() {
  const { t } = useTranslation();
  const links = useNavLinks();
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(links.length);
  const [measured, setMeasured] = useState(false);
  const labels = links.map((link) => link.label).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the labels change
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      const copies = [...measure.children] as HTMLElement[];
      const more = copies.pop();
      const gap = Number.parseFloat(getComputedStyle(nav).columnGap) || 0;
      setShown(
        linksThatFit(
          nav.clientWidth,
          copies.map((copy) => copy.offsetWidth),
          more?.offsetWidth ?? 0,
          gap,
        ),
      );
    };
    fit();
    setMeasured(true);
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [labels]);
  const hidden = links.slice(shown);
  return (
    <nav
      ref={navRef}
      className={styles.nav}
      aria-label={t('site.header.mainNav')}
      data-measured={measured ? '' : undefined}
    >
      <NavLinks links={links.slice(0, shown)} />
      {hidden.length > 0 ? (
        <LinkMenu
          label={
            <>
              {t('site.nav.more')}
              <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2.5" fill="none" />
              </svg>
            </>
          }
          links={hidden}
          buttonClassName={styles.moreButton}
          menuClassName={styles.moreMenu}
        />
      ) : null}
      <div ref={measureRef} className={styles.navMeasure} aria-hidden="true">
        {links.map((link) => (
          <span key={link.to} className={styles.navLink}>
            {link.label}
          </span>
        ))}
        <span className={styles.moreButton}>
          {t('site.nav.more')}
          <svg width="12" height="12" viewBox="0 0 24 24" />
        </span>
      </div>
    </nav>
  );
}

/** A 20 px line icon in the text colour; hidden from screen readers (its control has the name). */
function LineIcon({ strokeWidth, children }: { strokeWidth: number; children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
function UnreadCount() {
  const { t } = useTranslation();
  const { api } = useServices();
  // Re-read when the message page changes what is unread, when a message arrives (live), and
  // every two minutes in case the live stream is not there.
  const [version, setVersion] = useState(0);
  useLive(['messages'], () => setVersion((value) => value + 1));
  useEffect(() => {
    const bump = () => setVersion((value) => value + 1);
    window.addEventListener(UNREAD_CHANGED_EVENT, bump);
    const timer = window.setInterval(bump, 120_000);
    return () => {
      window.removeEventListener(UNREAD_CHANGED_EVENT, bump);
      window.clearInterval(timer);
    };
  }, []);
  const unread = useApiData(async (signal) => api.unreadMessageCount({}, { signal }), [version], {
    silent: true,
  });
  // Keep the last count while it is read again, so the badge does not blink.
  const lastCount = useRef(0);
  if (unread.status === 'ready') lastCount.current = unread.data.count;
  const count = lastCount.current;
  return (
    <AppLink
      to="/user/message"
      className={styles.iconLink}
      aria-label={t('site.header.messages', { count })}
    >
      <LineIcon strokeWidth={1.8}>
        <path d="M4 6h16v12H4z" />
        <path d="m4 7 8 6 8-6" />
      </LineIcon>
      {count > 0 ? <span className={styles.badge}>{count > 99 ? '99+' : count}</span> : null}
    </AppLink>
  );
}

/** Element-level rule of spec section 6: a link shows only when the user holds one of its route's permissions. */
function mayOpen(path: string, roles: readonly string[]): boolean {
  const route = matchRoute(path)?.route;
  return route === undefined || hasAnyPermission(roles, route.meta.roles);
}

function UserMenu() {
  const { t } = useTranslation();
  const { session, api } = useServices();
  const { roles } = useSessionState();
  const navigate = useNavigate();
  const items = [
    { to: '/asset/index', label: t('site.routes.AssetIndex') },
    { to: '/user/setting', label: t('site.routes.UserSetting') },
    { to: '/user/account', label: t('site.routes.UserAccount') },
    { to: '/user/mining', label: t('site.routes.UserMining') },
    { to: '/user/observe', label: t('site.routes.UserObserve') },
    { to: '/user/coupon', label: t('site.routes.UserCoupon') },
    { to: '/user/logs', label: t('site.routes.UserLogs') },
    // Operators only: the route's admin.view hides it from everyone else.
    { to: '/admin', label: t('site.routes.Admin') },
  ].filter((item) => mayOpen(item.to, roles));
  async function logout() {
    const refreshToken = session.getRefreshToken();
    try {
      if (refreshToken) await api.logout({ body: { refresh_token: refreshToken } });
    } catch (error) {
      reportError(error);
    }
    session.logout();
    void navigate('/login');
  }
  return (
    <LinkMenu
      label={t('site.header.account')}
      links={items}
      buttonClassName={styles.menuButton}
      menuClassName={styles.menu}
      extra={(close) => (
        <button
          type="button"
          role="menuitem"
          className={styles.menuItem}
          onClick={() => {
            close();
            void logout();
          }}
        >
          {t('site.header.logout')}
        </button>
      )}
    />
  );
}

/**
 * The site header (DESIGN.md): logo, coin switcher, navigation, language switcher, unread
 * messages and the account menu or sign-in link; under 768 px the navigation is in a drawer.
 */
export function Header() {
  const { t } = useTranslation();
  const { loggedIn, readOnly } = useSessionState();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const navLinks = useNavLinks();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation
  useEffect(() => setDrawerOpen(false), [pathname]);
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.drawerButton}
          aria-label={t('site.header.openMenu')}
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={() => setDrawerOpen(true)}
        >
          <LineIcon strokeWidth={2}>
            <path d="M4 6h16M4 12h16M4 18h16" />
          </LineIcon>
        </button>
        <AppLink to="/" className={styles.logo} aria-label={t('site.header.logoLabel')}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path d="M7 15l3-6 3 4 2-3 2 5" stroke="#fff" strokeWidth="1.8" fill="none" />
          </svg>
          <span className={styles.logoText}>{t('common.productName')}</span>
        </AppLink>
        <div className={styles.coin}>
          <CoinSwitcher />
        </div>
        <DesktopNav />
        <div className={styles.actions}>
          {readOnly ? (
            <span className={styles.observerTag}>{t('site.header.observerMode')}</span>
          ) : null}
          <span className={styles.desktopOnly}>
            <LanguageSelect id="language-desktop" />
          </span>
          <span className={styles.desktopOnly}>
            <ThemeSelect id="theme-desktop" />
          </span>
          {loggedIn && !readOnly ? (
            <>
              <UnreadCount />
              <UserMenu />
            </>
          ) : readOnly ? null : (
            <AppLink to="/login" className={styles.signIn}>
              {t('site.header.signIn')}
            </AppLink>
          )}
        </div>
      </div>
      {drawerOpen ? (
        <div
          className={styles.drawerOverlay}
          onClick={() => setDrawerOpen(false)}
          aria-hidden="true"
        />
      ) : null}
      {drawerOpen ? (
        <div
          id={drawerId}
          className={styles.drawer}
          role="dialog"
          aria-modal="true"
          aria-label={t('site.header.mainNav')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDrawerOpen(false);
          }}
        >
          <Button variant="ghost" size="sm" onClick={() => setDrawerOpen(false)}>
            {t('common.close')}
          </Button>
          <nav className={styles.drawerNav} aria-label={t('site.header.mainNav')}>
            <NavLinks links={navLinks} onNavigate={() => setDrawerOpen(false)} />
          </nav>
          <LanguageSelect id="language-drawer" />
          <ThemeSelect id="theme-drawer" />
        </div>
      ) : null}
    </header>
  );
}
