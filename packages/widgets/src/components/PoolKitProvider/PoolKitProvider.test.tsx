import { buildResources, createI18n, I18N_NAMESPACE, type Language } from '@poolkit/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { UnreadBadge } from '../../widgets/UnreadBadge/UnreadBadge';
import { Pagination } from '../Pagination/Pagination';
import { PoolKitProvider, type PoolKitProviderProps } from './PoolKitProvider';

let root: Root | undefined;
let observer: MutationObserver | undefined;

/** Renders, and records every name the pagination landmark had, in order. */
function render(props: PoolKitProviderProps): { container: HTMLElement; names: string[] } {
  const container = document.createElement('div');
  document.body.append(container);
  const names: string[] = [];
  const record = () => {
    const name = container.querySelector('nav')?.getAttribute('aria-label') ?? null;
    if (name !== null && names.at(-1) !== name) names.push(name);
  };
  observer = new MutationObserver(record);
  observer.observe(container, { subtree: true, childList: true, attributes: true });
  root = createRoot(container);
  flushSync(() => root?.render(<PoolKitProvider {...props} />));
  record();
  return { container, names };
}

afterEach(() => {
  observer?.disconnect();
  root?.unmount();
  document.body.replaceChildren();
});

/** A plain i18next instance (no plugins) in English, as a host would make it. */
async function hostInstance() {
  const host = createI18n().createInstance();
  await host.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: I18N_NAMESPACE,
    resources: { en: { [I18N_NAMESPACE]: buildResources().en[I18N_NAMESPACE] } },
    interpolation: { escapeValue: false },
  });
  return host;
}

describe('PoolKitProvider', () => {
  it('should render English at once', () => {
    const { names } = render({ children: <Pagination total={125} /> });
    expect(names).toEqual(['Pagination']);
  });

  it('should show the fallback, not English, until the language is loaded', async () => {
    const { container, names } = render({
      language: 'ja',
      fallback: <p>wait</p>,
      children: <Pagination total={125} />,
    });
    expect(container.textContent).toBe('wait');
    await expect.poll(() => names).toEqual(['ページ送り']);
    expect(container.querySelector('[lang]')?.getAttribute('lang')).toBe('ja');
  });

  it('should keep the children and their language while the next language loads', async () => {
    let setLanguage: (language: Language) => void = () => {};
    function Switching() {
      const [language, set] = useState<Language>('en');
      setLanguage = set;
      return (
        <PoolKitProvider language={language}>
          <Pagination total={125} />
        </PoolKitProvider>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    flushSync(() => root?.render(<Switching />));
    const nav = container.querySelector('nav');
    expect(nav?.getAttribute('aria-label')).toBe('Pagination');
    flushSync(() => setLanguage('ru'));
    await expect.poll(() => nav?.getAttribute('aria-label')).toBe('Страницы');
    // The same element: the children were not unmounted on the way.
    expect(container.querySelector('nav')).toBe(nav);
  });

  it("should add PoolKit's messages to a host's instance that has no PoolKit backend", async () => {
    const host = await hostInstance();
    const { names } = render({ i18n: host, language: 'ko', children: <Pagination total={125} /> });
    await expect.poll(() => names).toEqual(['Pagination', '페이지 이동']);
    expect(host.language).toBe('ko');
  });

  it('should keep the children when a host switches its own instance, and load the language', async () => {
    const host = await hostInstance();
    const { container, names } = render({ i18n: host, children: <Pagination total={125} /> });
    const nav = container.querySelector('nav');
    await host.changeLanguage('zh-CN');
    await expect
      .poll(() => names.at(-1))
      .toBe(buildResources()['zh-CN'][I18N_NAMESPACE].widgets.pagination);
    expect(container.querySelector('nav')).toBe(nav);
  });

  it("should show a widget's own group in English at once, and in the language once loaded", async () => {
    const badge = (container: HTMLElement) =>
      container.querySelector('[role="status"]')?.getAttribute('aria-label');
    const english = render({ children: <UnreadBadge count={3} /> });
    // `messages` is not among the groups the provider holds: the widget brings its English.
    expect(badge(english.container)).toBe('3 unread messages');
    root?.unmount();
    const japanese = render({ language: 'ja', children: <UnreadBadge count={3} /> });
    await expect.poll(() => badge(japanese.container)).toBe('未読メッセージ 3 件');
  });
});
