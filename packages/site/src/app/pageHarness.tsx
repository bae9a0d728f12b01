import { matchRoute } from '@poolkit/core/access';
import { ApiError } from '@poolkit/core/client';
import { type EndpointGroupName, endpointGroupLoaders, endpoints } from '@poolkit/core/contract';
import { createI18n, type Language } from '@poolkit/core/i18n';
import { createSession, MemoryStorage, type RefreshScheduler } from '@poolkit/core/session';
import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach } from 'vitest';
import { page } from 'vitest/browser';
import { AppProviders } from './App';
import { apiCache } from './apiCache';
import { dismissFeedback, type FeedbackMessage, subscribeFeedback } from './feedback';
import * as layoutStyles from './Layout.css';
import { createMemoryHistory, createRouter, Outlet, RouterProvider, useRouteError } from './nav';
import type { Services } from './services';

/** Answers of the fake API by method name; a method not listed answers 404 (not implemented). */
export type FakeAnswers = Record<string, (input: unknown) => unknown>;

let groupsRegistered: Promise<void> | undefined;

/**
 * Tells the read cache the contract's endpoint groups, as the site's client does when it loads
 * them, so that a write in a page test invalidates exactly what it does on the site.
 */
function registerEndpointGroups(): Promise<void> {
  groupsRegistered ??= Promise.all(
    Object.entries(endpointGroupLoaders).map(async ([name, load]) => {
      apiCache.registerGroup(name as EndpointGroupName, Object.keys(await load()));
    }),
  ).then(() => undefined);
  return groupsRegistered;
}

/**
 * An API whose methods answer from `answers` (a function of the request's input) and every other
 * method with a 404, which a page section shows as its empty state. A write that answers
 * invalidates the read cache as the site's client does (by the endpoint groups `render`
 * registers).
 */
export function fakeApi(answers: FakeAnswers): Services['api'] {
  return new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name !== 'string' || name === 'then') return undefined;
        return async (input: unknown) => {
          const answer = answers[name];
          if (answer === undefined) {
            throw new ApiError({ kind: 'http', status: 404, serverMessage: `${name}: no answer` });
          }
          const answered = await answer(input);
          if ((endpoints as Record<string, { write: boolean }>)[name]?.write)
            apiCache.afterWrite(name);
          return answered;
        };
      },
    },
  ) as Services['api'];
}

/** The layout's shell with the page in its `main`, as `Layout` has it (without header and footer). */
function Frame() {
  return (
    <div className={layoutStyles.shell}>
      <main className={layoutStyles.main}>
        <Outlet />
      </main>
    </div>
  );
}

/** The layout's shell alone, for a part of the frame itself (the header). */
function Shell() {
  return (
    <div className={layoutStyles.shell}>
      <Outlet />
    </div>
  );
}

function RouteErrorText() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : String(error)}</p>;
}

/**
 * The mount of a site page test (tests only; not part of the site): renders one page at `path`
 * with the site's providers (i18n with every message of `language`, theme, toasts, services) and
 * a router on a history in memory, inside the layout's `main` (or, `inMain: false`, its shell
 * alone), on a viewport of `width` px; the API is {@link fakeApi}. Each test is unmounted after.
 * Assertions wait for what they look for (`expect.element`): the page's data arrives after the
 * first render.
 *
 * @example
 * const { render } = pageHarness();
 * await render(Component, '/user/observe', { accounts: () => ({ list: [...] }) });
 */
export function pageHarness() {
  let root: Root | undefined;
  afterEach(() => {
    root?.unmount();
    root = undefined;
    document.body.replaceChildren();
    // No `Feedback` shows the messages here: those a test left would reach the next file's.
    let left: readonly FeedbackMessage[] = [];
    subscribeFeedback((messages) => {
      left = messages;
    })();
    for (const message of left) dismissFeedback(message.id);
  });
  // The files of the project share one page: the next one gets vitest's default viewport back.
  afterAll(async () => {
    await page.viewport(414, 896);
  });

  async function render(
    Page: ComponentType,
    path: string,
    answers: FakeAnswers,
    {
      language = 'en',
      width = 1280,
      inMain = true,
    }: { language?: Language; width?: number; inMain?: boolean } = {},
  ): Promise<Services> {
    await Promise.all([page.viewport(width, 900), registerEndpointGroups()]);
    const i18n = createI18n({ language });
    await i18n.changeLanguage(language);
    const services: Services = {
      session: createSession({ local: new MemoryStorage(), session: new MemoryStorage() }),
      api: fakeApi(answers),
      i18n,
      scheduler: {} as RefreshScheduler,
    };
    const router = createRouter({
      history: createMemoryHistory(path),
      // Every path of core's route table shows `Page`, with the parameters the table reads.
      match: (pathname) => {
        const matched = matchRoute(pathname);
        return matched && { name: 'Page', params: matched.params };
      },
      routes: { Page: { Component: Page }, Unknown: { Component: () => null } },
      fallback: 'Unknown',
      loader: async () => null,
      layout: {
        Component: inMain ? Frame : Shell,
        ErrorBoundary: RouteErrorText,
        HydrateFallback: () => null,
      },
    });
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await router.ready;
    return services;
  }

  return { render };
}
