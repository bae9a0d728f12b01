import { matchRoute, type RouteRecord } from '@poolkit/core/access';
import { RELOADED_HASH } from '@poolkit/core/domain';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebsiteUpdatedError } from '../chunkErrors';
import { lazyPage } from '../lazyPage';
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  createRouter,
  type History,
  Link,
  Outlet,
  type RouteDefinition,
  type Router,
  type RouterInit,
  RouterProvider,
  redirect,
  ScrollRestoration,
  useLocation,
  useMatches,
  useParams,
  useRouteError,
  useSearchParams,
} from '.';

/** A route table in core's shape, matched by core's `matchRoute` as the site's router does. */
const TABLE: RouteRecord[] = [
  { path: '/', name: 'Home', public: true, meta: { roles: [] } },
  { path: '/terms', name: 'Terms', public: true, meta: { roles: [] } },
  { path: '/private', name: 'Private', public: false, meta: { roles: [] } },
  { path: '/login', name: 'Login', public: true, meta: { roles: [] } },
  { path: '/pool/:type/home', name: 'PoolHome', public: false, meta: { roles: [] } },
  { path: '/pool/:type/miner', name: 'PoolMiner', public: false, meta: { roles: [] } },
  { path: '/tall', name: 'Tall', public: true, meta: { roles: [] } },
];

function Page() {
  const location = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const matches = useMatches();
  return (
    <p data-testid="page">
      {`${matches.at(-1)?.handle?.name} ${createPath(location)} ${JSON.stringify(params)} q=${search.get('q') ?? ''}`}
    </p>
  );
}

function Tall() {
  return <div data-testid="page" style={{ height: 4000 }} />;
}

function ErrorView() {
  const error = useRouteError();
  return <p data-testid="error">{error instanceof Error ? error.message : String(error)}</p>;
}

function Frame() {
  return (
    <div data-testid="layout">
      <ScrollRestoration />
      <Outlet />
    </div>
  );
}

type Loader = RouterInit['loader'];

function setup(
  history: History,
  {
    loader = async () => null,
    routes = {},
    frame = Frame,
  }: { loader?: Loader; routes?: Record<string, RouteDefinition>; frame?: () => ReactNode } = {},
): Router {
  return createRouter({
    history,
    match: (pathname) => {
      const matched = matchRoute(pathname, TABLE);
      return matched && { name: matched.route.name, params: matched.params };
    },
    routes: {
      Unknown: { Component: () => <p data-testid="page">unknown</p> },
      ...Object.fromEntries(TABLE.map((route) => [route.name, { Component: Page }])),
      Tall: { Component: Tall },
      ...routes,
    },
    fallback: 'Unknown',
    loader,
    layout: {
      Component: frame,
      ErrorBoundary: ErrorView,
      HydrateFallback: () => <p data-testid="fallback">loading</p>,
    },
  });
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const paths = (history: ReturnType<typeof createMemoryHistory>) => history.entries.map(createPath);

describe('router', () => {
  it('should match a path of core route table with its parameters, and an unknown one to the fallback', async () => {
    const router = setup(createMemoryHistory('/pool/btc/home?q=1'));
    await router.ready;
    expect(router.state.matches.at(-1)).toMatchObject({
      id: 'PoolHome',
      pathname: '/pool/btc/home',
      params: { type: 'btc' },
      handle: { name: 'PoolHome' },
    });
    expect(router.state.location.search).toBe('?q=1');
    await router.navigate('/no/such/page');
    expect(router.state.matches.at(-1)?.handle).toEqual({ name: 'Unknown' });
  });

  it('should run the loader on every navigation and commit once the loader and the page are done', async () => {
    const history = createMemoryHistory('/');
    const calls: string[] = [];
    const page = deferred<{ Component: () => null }>();
    const router = setup(history, {
      loader: async ({ request }) => {
        calls.push(new URL(request.url).pathname);
        return null;
      },
      routes: { Terms: { lazy: () => page.promise } },
    });
    await router.ready;
    const navigation = router.navigate('/terms');
    expect(router.state.navigation).toMatchObject({
      state: 'loading',
      location: { pathname: '/terms' },
    });
    await vi.waitFor(() => expect(calls).toEqual(['/', '/terms']));
    // The page shown stays until the new one has loaded; the address changes with it.
    expect(router.state.location.pathname).toBe('/');
    expect(paths(history)).toEqual(['/']);
    page.resolve({ Component: () => null });
    await navigation;
    expect(router.state.location.pathname).toBe('/terms');
    expect(router.state.navigation.state).toBe('idle');
    expect(paths(history)).toEqual(['/', '/terms']);
    await router.navigate('/terms?q=2');
    expect(calls).toEqual(['/', '/terms', '/terms']);
  });

  it("should follow the loader's redirects: the first load replaces its entry, a new entry adds only the final address", async () => {
    const history = createMemoryHistory('/private');
    const router = setup(history, {
      loader: async ({ request }) => {
        const url = new URL(request.url);
        if (url.pathname === '/private')
          throw redirect(`/login?redirect=${encodeURIComponent(url.pathname)}`);
        return null;
      },
    });
    await router.ready;
    expect(paths(history)).toEqual(['/login?redirect=%2Fprivate']);
    await router.navigate('/terms');
    await router.navigate('/private');
    expect(paths(history)).toEqual([
      '/login?redirect=%2Fprivate',
      '/terms',
      '/login?redirect=%2Fprivate',
    ]);
    expect(router.state.matches.at(-1)?.id).toBe('Login');
  });

  it('should give up on a redirect loop with an error instead of hanging', async () => {
    const router = setup(createMemoryHistory('/'), {
      loader: async ({ request }) => {
        throw redirect(new URL(request.url).pathname === '/' ? '/terms' : '/');
      },
    });
    await router.ready;
    expect(router.state.rootError).toBeInstanceOf(Object);
  });

  it('should let a newer navigation supersede one in flight', async () => {
    const history = createMemoryHistory('/');
    const slow = deferred<{ Component: () => null }>();
    const router = setup(history, { routes: { Terms: { lazy: () => slow.promise } } });
    await router.ready;
    const first = router.navigate('/terms');
    await router.navigate('/login');
    slow.resolve({ Component: () => null });
    await first;
    expect(router.state.location.pathname).toBe('/login');
    expect(paths(history)).toEqual(['/', '/login']);
  });

  it('should resolve a relative address against the location: a query alone keeps the path', async () => {
    const router = setup(createMemoryHistory('/pool/btc/miner'));
    await router.ready;
    await router.navigate('?q=worker');
    expect(createPath(router.state.location)).toBe('/pool/btc/miner?q=worker');
  });

  it('should go back and forward through the history as POP navigations, running the loader', async () => {
    const history = createMemoryHistory('/');
    const loader = vi.fn(async () => null);
    const router = setup(history, { loader });
    await router.ready;
    await router.navigate('/terms');
    await router.navigate('/login');
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/terms'));
    expect(router.state.historyAction).toBe('POP');
    await router.navigate(1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(loader).toHaveBeenCalledTimes(5);
    expect(paths(history)).toEqual(['/', '/terms', '/login']);
  });

  it('should replace the entry for the address shown, and skip the loader for a hash alone', async () => {
    const history = createMemoryHistory('/');
    const loader = vi.fn(async () => null);
    const router = setup(history, { loader });
    await router.ready;
    await router.navigate('/terms');
    await router.navigate('/terms');
    expect(paths(history)).toEqual(['/', '/terms']);
    await router.navigate('#top');
    expect(paths(history)).toEqual(['/', '/terms', '/terms#top']);
    expect(loader).toHaveBeenCalledTimes(3);
  });

  it('should keep an error of the loader apart from an error of the page', async () => {
    const router = setup(createMemoryHistory('/'), {
      loader: async ({ request }) => {
        if (new URL(request.url).pathname === '/private') throw new Error('roles failed');
        return null;
      },
      routes: { Terms: { lazy: () => Promise.reject(new Error('page failed')) } },
    });
    await router.ready;
    await router.navigate('/private');
    expect(router.state.rootError).toEqual(new Error('roles failed'));
    await router.navigate('/terms');
    expect(router.state.rootError).toBeNull();
    expect(router.state.pageError).toEqual(new Error('page failed'));
  });
});

describe('router in React', () => {
  let container: HTMLElement;
  let root: Root;
  let router: Router | undefined;
  const start = window.location.href;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    root.unmount();
    container.remove();
    router?.dispose();
    router = undefined;
    window.scrollTo(0, 0);
    window.history.replaceState(null, '', start);
  });

  const text = (id: string) =>
    container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;

  it('should show the fallback until the first navigation, then the layout with the page', async () => {
    const loader = deferred<null>();
    router = setup(createMemoryHistory('/pool/ltc/home?q=7'), { loader: () => loader.promise });
    root.render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(text('fallback')).toBe('loading'));
    loader.resolve(null);
    await vi.waitFor(() =>
      expect(text('page')).toBe('PoolHome /pool/ltc/home?q=7 {"type":"ltc"} q=7'),
    );
    expect(container.querySelector('[data-testid="layout"]')).not.toBeNull();
  });

  it('should show an error of the loader instead of the layout, and an error of the page inside it', async () => {
    router = setup(createMemoryHistory('/private'), {
      loader: async ({ request }) => {
        if (new URL(request.url).pathname === '/private') throw new Error('roles failed');
        return null;
      },
      routes: {
        Terms: {
          Component: () => {
            throw new Error('render failed');
          },
        },
      },
    });
    root.render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(text('error')).toBe('roles failed'));
    expect(container.querySelector('[data-testid="layout"]')).toBeNull();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await router.navigate('/terms');
    await vi.waitFor(() => expect(text('error')).toBe('render failed'));
    expect(container.querySelector('[data-testid="layout"]')).not.toBeNull();
    // The next location tries the page again.
    await router.navigate('/login');
    await vi.waitFor(() => expect(text('page')).toMatch(/^Login \/login/));
    quiet.mockRestore();
  });

  it('should show the website-updated message when a page chunk fails after the one reload', async () => {
    window.history.replaceState(null, '', RELOADED_HASH);
    const failing = () => {
      const error = new Error('Failed to fetch dynamically imported module');
      error.name = 'ChunkLoadError';
      return Promise.reject(error);
    };
    router = setup(createMemoryHistory('/'), {
      routes: { Terms: { lazy: lazyPage(failing, () => router?.state.navigation.location) } },
    });
    root.render(<RouterProvider router={router} />);
    await router.navigate('/terms');
    expect(router.state.pageError).toBeInstanceOf(WebsiteUpdatedError);
    await vi.waitFor(() => expect(text('error')).toBe(new WebsiteUpdatedError().message));
  });

  it('should follow a plain click on a link without a document, and leave other clicks to the browser', async () => {
    router = setup(createMemoryHistory('/'), { frame: LinksFrame });
    const seen: boolean[] = [];
    // After React has handled the click: was the browser's navigation prevented? Never follow it.
    const record = (event: MouseEvent) => {
      seen.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    root.render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(container.querySelector('#plain')).not.toBeNull());
    const link = (id: string) => container.querySelector(`#${id}`) as HTMLAnchorElement;
    expect(link('plain').getAttribute('href')).toBe('/terms');
    link('plain').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(router?.state.location.pathname).toBe('/terms'));
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) {
      link('plain').dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, [modifier]: true }),
      );
    }
    link('plain').dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, button: 1 }),
    );
    link('blank').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    window.removeEventListener('click', record);
    expect(seen).toEqual([true, false, false, false, false, false, false]);
    expect(router.state.location.pathname).toBe('/terms');
    link('relative').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() =>
      expect(createPath(router?.state.location ?? { pathname: '', search: '', hash: '' })).toBe(
        '/terms?q=1',
      ),
    );
  });

  it('should start a new path at the top, and return to where an entry was left on back and forward', async () => {
    window.history.replaceState(null, '', '/tall');
    router = setup(createBrowserHistory(), { frame: LinksFrame });
    root.render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(container.querySelector('#tall')).not.toBeNull());
    window.scrollTo(0, 600);
    await vi.waitFor(() => expect(window.scrollY).toBe(600));
    // Scroll events are delivered with the next frame: let the position be recorded.
    await new Promise((frame) => requestAnimationFrame(() => setTimeout(frame, 0)));
    (container.querySelector('#tall-other') as HTMLAnchorElement).click();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/tall'));
    await vi.waitFor(() => expect(window.location.search).toBe('?page=2'));
    // A query alone keeps the position; a new path starts at the top.
    expect(window.scrollY).toBe(600);
    (container.querySelector('#terms-tall') as HTMLAnchorElement).click();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/terms'));
    await vi.waitFor(() => expect(window.scrollY).toBe(0));
    window.history.back();
    await vi.waitFor(() => expect(window.location.search).toBe('?page=2'));
    await vi.waitFor(() => expect(router?.state.location.search).toBe('?page=2'));
    await vi.waitFor(() => expect(window.scrollY).toBe(600));
    window.history.forward();
    await vi.waitFor(() => expect(router?.state.location.pathname).toBe('/terms'));
    await vi.waitFor(() => expect(window.scrollY).toBe(0));
  });
});

/** A frame with a few links around the page. */
function LinksFrame() {
  return (
    <div data-testid="layout">
      <ScrollRestoration />
      <Link id="plain" to="/terms">
        Terms
      </Link>
      <Link id="blank" to="/terms" target="_blank">
        Terms in a new tab
      </Link>
      <Link id="relative" to="?q=1">
        Query
      </Link>
      <Link id="tall-other" to="/tall?page=2">
        Next
      </Link>
      <Link id="terms-tall" to="/terms">
        Terms
      </Link>
      <div id="tall" style={{ height: 4000 }} />
      <Outlet />
    </div>
  );
}
