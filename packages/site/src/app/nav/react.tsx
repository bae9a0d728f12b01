import { shouldScrollToTop } from '@poolkit/core/access';
import {
  type AnchorHTMLAttributes,
  Component,
  type ComponentType,
  createContext,
  type ReactNode,
  type Ref,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createLocation, createPath, type Location } from './history';
import type { NavigateOptions, Params, RouteMatch, Router, RouterState } from './router';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
const ErrorContext = createContext<unknown>(undefined);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (router === null) throw new Error('Router hooks must be used inside <RouterProvider>');
  return router;
}

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (state === null) throw new Error('Router hooks must be used inside <RouterProvider>');
  return state;
}

/** Shows `fallback` (with its error for `useRouteError`) when rendering `children` throws. */
class Boundary extends Component<
  { location: Location; fallback: ComponentType; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // A new location tries the page again.
  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override render() {
    const { fallback: Fallback, children } = this.props;
    if (this.state.error == null) return children;
    return (
      <ErrorContext.Provider value={this.state.error}>
        <Fallback />
      </ErrorContext.Provider>
    );
  }
}

/**
 * Renders the router's state: the fallback until the first navigation commits, then the layout
 * (or its error view), re-rendering as a transition on every change.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    setState(router.state);
    return router.subscribe((next) => startTransition(() => setState(next)));
  }, [router]);
  const { Component: Layout, ErrorBoundary, HydrateFallback } = router.layout;
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        {!state.initialized ? (
          <HydrateFallback />
        ) : state.rootError != null ? (
          <ErrorContext.Provider value={state.rootError}>
            <ErrorBoundary />
          </ErrorContext.Provider>
        ) : (
          <Boundary location={state.location} fallback={ErrorBoundary}>
            <Layout />
          </Boundary>
        )}
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

/** Where the layout shows the page (or the error of loading or rendering it). */
export function Outlet() {
  const { Page, pageError, location } = useRouterState();
  const { ErrorBoundary } = useRouter().layout;
  if (pageError != null) {
    return (
      <ErrorContext.Provider value={pageError}>
        <ErrorBoundary />
      </ErrorContext.Provider>
    );
  }
  return (
    <Boundary location={location} fallback={ErrorBoundary}>
      {Page ? <Page /> : null}
    </Boundary>
  );
}

/** Props of {@link Link}: an anchor's, with `to` instead of `href`. */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path, or one relative to the current location. */
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link the router follows without loading a document. A click with a modifier key, another
 * button, a `target` other than `_self`, `download`, or a handler that prevented it is left to
 * the browser.
 */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const router = useRouter();
  const { location } = useRouterState();
  const href = to.startsWith('/') ? to : createPath(createLocation(to, location));
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey ||
          (anchor.target !== undefined && anchor.target !== '_self') ||
          anchor.download !== undefined
        ) {
          return;
        }
        event.preventDefault();
        void router.navigate(to, { replace, state });
      }}
    />
  );
}

/** `navigate(to, { replace, state })`, or `navigate(-1)` for back. */
export function useNavigate(): Router['navigate'] {
  return useRouter().navigate;
}

/** The location shown. */
export function useLocation(): Location {
  return useRouterState().location;
}

/** The path parameters of the page shown. */
export function useParams(): Params {
  return useRouterState().matches[1]?.params ?? {};
}

/** The query of the location shown, and a setter that navigates to another query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => Promise<void>,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, (next, options) => navigate(`?${new URLSearchParams(next)}`, options)];
}

/** The levels shown: the root, then the page (with `handle.name`). */
export function useMatches(): RouteMatch[] {
  return useRouterState().matches;
}

/** Inside the error view: what was thrown. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

/** The navigation waiting for its loader and page, if any (`state: 'loading'`). */
export function useNavigation(): RouterState['navigation'] {
  return useRouterState().navigation;
}

const SCROLL_KEY = 'poolkit-scroll';

/**
 * Scroll positions per history entry: back and forward (and a reload) return to where the entry
 * was left; a new path starts at the top (core's `shouldScrollToTop`: a query or hash change
 * alone keeps the position); a hash scrolls to its element. Nothing reads the layout while a
 * page commits (a forced layout of the whole page would cost a long task on hydration): the
 * position is known from scroll events and from where this component scrolled.
 */
export function ScrollRestoration() {
  const { location, historyAction } = useRouterState();
  const shown = useRef<{ key: string; pathname?: string; y: number; positions: Positions }>({
    key: location.key,
    y: 0,
    positions: {},
  });
  useLayoutEffect(() => {
    const current = shown.current;
    try {
      current.positions = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}');
    } catch {
      // no storage: positions last as long as the page
    }
    window.history.scrollRestoration = 'manual';
    const save = () => {
      current.y = window.scrollY;
      current.positions[current.key] = current.y;
    };
    const persist = () => {
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(current.positions));
      } catch {
        // full or blocked: nothing to keep
      }
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, []);
  useLayoutEffect(() => {
    const current = shown.current;
    const from = current.pathname;
    current.key = location.key;
    current.pathname = location.pathname;
    const saved = current.positions[location.key];
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    let y: number | undefined;
    if (historyAction === 'POP' && saved !== undefined) y = saved;
    else if (target && from !== undefined) target.scrollIntoView();
    else if (shouldScrollToTop(from, location.pathname)) y = 0;
    if (y !== undefined) {
      window.scrollTo(0, y);
      current.y = y;
    }
    // An entry left without scrolling keeps the position it was shown at (the first one is
    // recorded by its first scroll event).
    if (from !== undefined) current.positions[location.key] ??= current.y;
  }, [location, historyAction]);
  return null;
}

type Positions = Record<string, number>;
