import type { ComponentType } from 'react';
import { createLocation, createPath, type History, type Location } from './history';

/** A route's page module: what `lazy` resolves to. */
export interface RouteModule {
  Component: ComponentType;
}

/** A page of the router, by its name. */
export interface RouteDefinition {
  /** Shown at once. */
  Component?: ComponentType;
  /** Loads the page's module (a chunk), beside the loader, on the first navigation to it. */
  lazy?: () => Promise<RouteModule>;
}

/** Path parameters, URI-decoded. */
export type Params = Readonly<Record<string, string>>;

/** What the router's loader receives for each navigation. */
export interface LoaderFunctionArgs {
  /** A GET request of the target URL. */
  request: Request;
  params: Params;
}

/** One level of what is shown: the root (the layout), then the page. */
export interface RouteMatch {
  /** `root`, or the page's name. */
  id: string;
  pathname: string;
  params: Params;
  /** The root loader's data on the root, `undefined` on the page. */
  data: unknown;
  /** `{ name }` of the page; `undefined` on the root. */
  handle: { name: string } | undefined;
}

/** How the location was reached: back/forward and the first load are `POP`. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** The router's state; a new object on every change. */
export interface RouterState {
  /** The first navigation has finished (until then the fallback shows). */
  initialized: boolean;
  location: Location;
  historyAction: NavigationType;
  matches: RouteMatch[];
  /** The page's component, once loaded. */
  Page: ComponentType | null;
  /** What the loader threw (not a redirect): shown instead of the layout. */
  rootError: unknown;
  /** What loading the page threw: shown in the layout, where the page goes. */
  pageError: unknown;
  /** A navigation waiting for its loader and page. */
  navigation: { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };
}

/** What {@link createRouter} needs. */
export interface RouterInit {
  history: History;
  /** The page of a path with its parameters (core's `matchRoute`), `null` for an unknown path. */
  match(pathname: string): { name: string; params: Params } | null;
  /** Every page by name; `fallback` is the one of unknown paths. */
  routes: Readonly<Record<string, RouteDefinition>>;
  fallback: string;
  /** Runs before every navigation (except a change of hash alone); may throw {@link redirect}. */
  loader(args: LoaderFunctionArgs): Promise<unknown>;
  /** The frame around every page, and what shows instead of it. */
  layout: RouterLayout;
}

/** The components of the root: the frame, its error view, and the view before the first page. */
export interface RouterLayout {
  /** The frame; renders the page with `<Outlet />`. */
  Component: ComponentType;
  /** Shown for an error of the loader (instead of the frame) or of the page (in its place). */
  ErrorBoundary: ComponentType;
  /** Shown until the first navigation has committed, when nothing was prerendered. */
  HydrateFallback: ComponentType;
}

/** Options of a navigation. */
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

/** The router: its state, its subscribers, and navigation. */
export interface Router {
  readonly state: RouterState;
  readonly layout: RouterLayout;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** Navigates to a path (relative ones resolve against the current location), or `delta` entries. */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** Resolves once the first navigation has committed (after any redirects). */
  readonly ready: Promise<void>;
  /** Stops listening to the history. */
  dispose(): void;
}

/** A redirect thrown by the loader: the navigation goes to `to` instead. */
export class Redirect {
  constructor(readonly to: string) {}
}

/** What a loader throws to redirect the navigation (`throw redirect('/login')`). */
export function redirect(to: string): Redirect {
  return new Redirect(to);
}

/** Redirects one navigation follows before it fails: a guard loop is a bug, not a hang. */
const MAX_REDIRECTS = 10;

/**
 * A small data router over a route table: each navigation runs the loader (the guard) and loads
 * the page's chunk side by side, follows the loader's redirects, and commits the location with
 * the page once both are done; the page shown stays until then. A newer navigation supersedes
 * one in flight. The history entry is written when the navigation commits (a redirect from a new
 * entry adds the final one; from the first load or back/forward it replaces the entry).
 */
export function createRouter(init: RouterInit): Router {
  const { history } = init;
  const modules = new Map<string, Promise<RouteModule>>();
  const listeners = new Set<(state: RouterState) => void>();
  let state: RouterState = {
    initialized: false,
    location: history.location(),
    historyAction: 'POP',
    matches: [],
    Page: null,
    rootError: null,
    pageError: null,
    navigation: { state: 'idle' },
  };
  let current = 0;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const set = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    if (state.initialized) markReady();
    for (const listener of listeners) listener(state);
  };

  /** The page's module, loaded once (a failed load is tried again by the next navigation). */
  const load = (name: string): Promise<RouteModule> => {
    const route = init.routes[name];
    if (route?.Component) return Promise.resolve({ Component: route.Component });
    if (!route?.lazy) return Promise.reject(new Error(`No page for the route ${name}`));
    let loading = modules.get(name);
    if (!loading) {
      loading = route.lazy();
      modules.set(name, loading);
      loading.catch(() => modules.delete(name));
    }
    return loading;
  };

  async function run(location: Location, action: NavigationType, redirects: number) {
    current += 1;
    const id = current;
    const matched = init.match(location.pathname);
    const name = matched?.name ?? init.fallback;
    const params = matched?.params ?? {};
    const commit = (next: Partial<RouterState>, data?: unknown) => {
      if (action === 'PUSH') history.push(location);
      if (action === 'REPLACE') history.replace(location);
      set({
        initialized: true,
        location,
        historyAction: action,
        matches: [
          { id: 'root', pathname: '/', params, data, handle: undefined },
          { id: name, pathname: location.pathname, params, data: undefined, handle: { name } },
        ],
        rootError: null,
        pageError: null,
        navigation: { state: 'idle' },
        ...next,
      });
    };
    const from = state.location;
    if (
      state.initialized &&
      action !== 'REPLACE' &&
      location.hash !== '' &&
      location.pathname === from.pathname &&
      location.search === from.search
    ) {
      // A change of hash alone scrolls; the page and the loader's answer stay.
      commit({ Page: state.Page }, state.matches[0]?.data);
      return;
    }
    set({ navigation: { state: 'loading', location } });
    const page = load(name);
    page.catch(() => undefined);
    let data: unknown;
    try {
      data = await init.loader({
        request: new Request(new URL(createPath(location), 'http://site.invalid')),
        params,
      });
    } catch (thrown) {
      if (id !== current) return;
      if (thrown instanceof Redirect && redirects < MAX_REDIRECTS) {
        const target = createLocation(thrown.to, location);
        return run(target, action === 'PUSH' ? 'PUSH' : 'REPLACE', redirects + 1);
      }
      commit({ Page: null, rootError: thrown }, undefined);
      return;
    }
    if (id !== current) return;
    try {
      const { Component } = await page;
      if (id !== current) return;
      commit({ Page: Component }, data);
    } catch (error) {
      if (id !== current) return;
      commit({ Page: null, pageError: error }, data);
    }
  }

  const stop = history.listen(() => {
    void run(history.location(), 'POP', 0);
  });
  void run(state.location, 'POP', 0);

  return {
    get state() {
      return state;
    },
    layout: init.layout,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      const location = createLocation(to, state.location, options.state ?? null);
      // The same address again replaces its entry, as a browser does for a link to the page shown.
      const same = createPath(location) === createPath(state.location);
      return run(location, options.replace || same ? 'REPLACE' : 'PUSH', 0);
    },
    ready,
    dispose: stop,
  };
}
