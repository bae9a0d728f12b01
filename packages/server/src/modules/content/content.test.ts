import {
  buildRateList,
  type Endpoint,
  type EndpointOutput,
  endpoints,
  LANGUAGES,
} from '@poolkit/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, type ManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { siteContentItems } from '../../db/schema';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { DEMO_SUPPORT_EMAIL, seedDemoContent } from './demo';
import { CONTENT_CACHE_TTL_MS } from './service';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 15, 12, 0);

type Endpoints = typeof endpoints;

describe.each(testDrivers)('site content on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: ManualClock;

  function request(url: string, language?: string): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'GET',
      url,
      headers: language === undefined ? {} : { 'accept-language': language },
    });
  }

  /** GETs one content call, expects 200 and parses the answer with the contract. */
  async function get<TId extends keyof Endpoints>(
    id: TId,
    query = '',
    language?: string,
  ): Promise<EndpointOutput<Endpoints[TId]>> {
    const endpoint: Endpoint = endpoints[id];
    const response = await request(`/api${endpoint.path}${query}`, language);
    expect(response.statusCode, `${endpoint.path}: ${response.body}`).toBe(200);
    const body = response.json() as { code: number; data: unknown };
    expect(body.code).toBe(0);
    return endpoint.response.parse(body.data) as EndpointOutput<Endpoints[TId]>;
  }

  /** Moves past the content cache, so the next answers read the tables again. */
  function expireCache(): void {
    clock.advance(CONTENT_CACHE_TTL_MS + 1);
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = createManualClock(T0);
    // No price feed: its minute job rewrites the rate list from the demo walk whenever the
    // clock passes a minute, and this file reads the rates the content seed wrote.
    app = await buildApp({
      config: testConfig(),
      db: database,
      clock,
      priceSource: { kind: 'none' },
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('should answer every call with empty content before anything is stored', async () => {
    expect((await get('footerLinks')).list).toEqual([]);
    expect((await get('announcements')).list).toEqual([]);
    expect((await get('sliders')).list).toEqual([]);
    const noPicture = await request('/media/slides/first');
    expect(noPicture.statusCode).toBe(404);
    expect(noPicture.headers['cache-control']).toBe('no-cache');
    expect((await get('advertisements')).list).toEqual([]);
    expect(await get('siteParameters')).toEqual({
      captcha_id: 'poolkit-pow',
      phone_registration: true,
      data_source_mode: 'demo',
      support_email: null,
      wechat_qr_url: null,
      invite_reward_percent: '0.2',
      android_download_url: null,
      ios_download_url: null,
    });
    expect((await get('currencyRates')).rates).toEqual([
      { currency: 'CNY', rate: '1.000000', symbol: '￥' },
    ]);
  });

  it('should seed the demo content once', async () => {
    expect(await seedDemoContent(database, clock)).toBe(true);
    expect(await seedDemoContent(database, clock)).toBe(false);
    const [count] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(siteContentItems)
      .where(eq(siteContentItems.kind, 'footer_link'));
    expect(count?.n).toBe(5);
    expireCache();
  });

  it("should list the footer links to the site's own pages, in English by default", async () => {
    const response = await request('/api/media/footer-link/list');
    expect(response.headers['content-language']).toBe('en');
    expect(response.headers.vary).toContain('Accept-Language');
    expect((await get('footerLinks')).list).toEqual([
      { group: null, title: 'About us', url: '/about-us', sort: 10 },
      { group: null, title: 'Terms of service', url: '/terms', sort: 20 },
      { group: null, title: 'Download', url: '/download', sort: 30 },
      { group: null, title: 'Support ticket', url: '/ticket', sort: 40 },
      { group: null, title: 'Miner catalogue', url: '/miners', sort: 50 },
    ]);
  });

  it('should answer the texts of each of the five languages', async () => {
    const termsTitle: Record<string, string> = {};
    const slideTitles = new Set<string>();
    for (const language of LANGUAGES) {
      const links = await get('footerLinks', '', language);
      termsTitle[language] = links.list.find((link) => link.url === '/terms')?.title ?? '';
      const slides = await get('sliders', '', language);
      slideTitles.add(slides.list[0]?.title ?? '');
      const response = await request('/api/media/announcement/list', language);
      expect(response.headers['content-language']).toBe(language);
    }
    expect(termsTitle).toEqual({
      en: 'Terms of service',
      'zh-CN': '服务条款',
      ru: 'Условия использования',
      ja: '利用規約',
      ko: '서비스 약관',
    });
    expect(slideTitles.size).toBe(5);
  });

  it("should read a browser's Accept-Language list by quality and primary tag", async () => {
    const titleFor = async (header: string) =>
      (await get('footerLinks', '', header)).list.find((link) => link.url === '/terms')?.title;
    expect(await titleFor('fr-FR,ja;q=0.8,en;q=0.5')).toBe('利用規約');
    expect(await titleFor('en;q=0.3,ru;q=0.9')).toBe('Условия использования');
    expect(await titleFor('zh')).toBe('服务条款');
    expect(await titleFor('zh-TW,zh;q=0.9')).toBe('服务条款');
    expect(await titleFor('KO-kr')).toBe('서비스 약관');
    expect(await titleFor('de-DE, fr')).toBe('Terms of service');
    expect(await titleFor('ja;q=0')).toBe('Terms of service');
    expect(await titleFor('*')).toBe('Terms of service');
  });

  it('should list announcements pinned first, then newest first', async () => {
    const { list } = await get('announcements');
    expect(list).toHaveLength(4);
    expect(list[0]).toMatchObject({ pinned: true, url: '/mining/kas/dashboard' });
    expect(list[0]?.title).toContain('Address mining');
    expect(list.slice(1).every((item) => !item.pinned)).toBe(true);
    const times = list.slice(1).map((item) => Date.parse(item.published_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.map((item) => item.published_at)).toContain(new Date(T0 - 2 * DAY).toISOString());
    expect(list.at(-1)?.url).toBeNull();

    const russian = await get('announcements', '', 'ru');
    expect(russian.list.map((item) => item.id)).toEqual(list.map((item) => item.id));
    expect(russian.list[0]?.title).toContain('майнинг на адрес');
  });

  it('should keep a scheduled announcement back until its time, and answer the latest 20', async () => {
    const title = (text: string) => ({ en: text, 'zh-CN': text, ru: text, ja: text, ko: text });
    await database.db.insert(siteContentItems).values({
      kind: 'announcement',
      title: title('Scheduled maintenance'),
      startsAt: new Date(clock.now() + HOUR),
    });
    expireCache();
    const before = await get('announcements');
    expect(before.list.map((item) => item.title)).not.toContain('Scheduled maintenance');

    clock.advance(HOUR);
    const after = await get('announcements');
    expect(after.list[1]?.title).toBe('Scheduled maintenance');

    await database.db.insert(siteContentItems).values(
      Array.from({ length: 20 }, (_, index) => ({
        kind: 'announcement' as const,
        title: title(`Old news ${index}`),
        startsAt: new Date(T0 - (30 + index) * DAY),
      })),
    );
    expireCache();
    const latest = await get('announcements');
    expect(latest.list).toHaveLength(20);
    expect(latest.list[0]?.pinned).toBe(true);
    expect(latest.list.map((item) => item.title)).not.toContain('Old news 19');
  });

  it('should list the slides with pictures the server serves', async () => {
    const { list } = await get('sliders');
    expect(list.map((slide) => slide.link_url)).toEqual([
      '/mining/kas/dashboard',
      '/miners',
      '/about-us',
    ]);
    for (const slide of list) {
      expect(slide.image_url).toMatch(/^\/media\/demo\/[a-z-]+\.svg$/);
      const picture = await request(slide.image_url);
      expect(picture.statusCode, slide.image_url).toBe(200);
      expect(picture.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(picture.body).toContain('<svg');
    }
  });

  it("should redirect to the first slide's picture, uncached, in the reader's language", async () => {
    for (const language of ['en', 'ko']) {
      const [first] = (await get('sliders', '', language)).list;
      const response = await request('/media/slides/first', language);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(first?.image_url);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-language']).toBe(language);
    }
    expect((await request('/media/slides/first')).headers.location).toBe(
      '/media/demo/slide-address-mining.svg',
    );
  });

  it('should list advertisements of every slot, or of the one asked for', async () => {
    const all = await get('advertisements');
    expect(all.list.map((ad) => ad.position)).toEqual(['dashboard_side', 'home_banner']);
    const home = await get('advertisements', '?position=home_banner', 'ja');
    expect(home.list).toEqual([
      expect.objectContaining({
        position: 'home_banner',
        title: '3 ステップでマイナーを設定',
        image_url: '/media/demo/ad-setup-guide.svg',
        link_url: '/download',
      }),
    ]);
    expect((await request(home.list[0]?.image_url ?? '')).statusCode).toBe(200);
    expect((await get('advertisements', '?position=nowhere')).list).toEqual([]);
  });

  it('should refuse a bad slot name or an unknown parameter, naming the field', async () => {
    for (const [url, field] of [
      ['/api/advertisements?position=Home%20Banner', 'position'],
      ['/api/advertisements?slot=home_banner', 'slot'],
      ['/api/sliders?page=2', 'page'],
      ['/api/media/announcement/list?limit=5', 'limit'],
      ['/api/v2/wallets/currency/rates?base=USD', 'base'],
    ] as const) {
      const response = await request(url);
      expect(response.statusCode, url).toBe(400);
      const body = response.json() as { code: number; msg: string; fields: { field: string }[] };
      expect(body.code).toBe(40000);
      expect(body.msg.startsWith(`${field}: `), body.msg).toBe(true);
      expect(body.fields.map((entry) => entry.field)).toContain(field);
    }
  });

  it('should answer the site parameters with the seeded support address', async () => {
    expect(await get('siteParameters')).toMatchObject({
      captcha_id: 'poolkit-pow',
      data_source_mode: 'demo',
      support_email: DEMO_SUPPORT_EMAIL,
      invite_reward_percent: '0.2',
    });
  });

  it('should answer the exchange rates under data.rates with the CNY entry appended last', async () => {
    const response = await request('/api/v2/wallets/currency/rates');
    const body = response.json() as { data: { rates: { currency: string }[] } };
    expect(body.data.rates.at(-1)).toEqual({ currency: 'CNY', rate: '1.000000', symbol: '￥' });

    const { rates } = await get('currencyRates');
    expect(rates.map((entry) => entry.currency)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'HKD',
      'JPY',
      'KRW',
      'RUB',
      'CNY',
    ]);
    expect(rates[0]).toEqual({ currency: 'USD', rate: '0.140500', symbol: '$' });
    expect(rates.every((entry) => /^\d+\.\d{6}$/.test(entry.rate))).toBe(true);
    // The client's list is the same: it appends CNY only when the server left it out.
    expect(buildRateList(rates)).toEqual(rates);
  });

  it('should reuse what it read for 30 s, then show an edit', async () => {
    expireCache();
    expect((await get('footerLinks')).list[0]?.url).toBe('/about-us');
    await database.db
      .update(siteContentItems)
      .set({ attrs: { url: '/about-us?from=footer' } })
      .where(
        sql`${siteContentItems.kind} = 'footer_link' AND ${siteContentItems.attrs} ->> 'url' = '/about-us'`,
      );
    clock.advance(CONTENT_CACHE_TTL_MS - 1);
    expect((await get('footerLinks')).list[0]?.url).toBe('/about-us');
    clock.advance(1);
    expect((await get('footerLinks')).list[0]?.url).toBe('/about-us?from=footer');
  });

  it('should refuse to store an item without any text or without a language key', async () => {
    const complete = { en: 'Blog', 'zh-CN': '博客', ru: 'Блог', ja: 'ブログ', ko: '블로그' };
    const { en: _en, ...withoutEnglish } = complete;
    await expect(
      database.db
        .insert(siteContentItems)
        .values({ kind: 'footer_link', title: withoutEnglish as typeof complete }),
    ).rejects.toThrow();
    const blank = { en: ' ', 'zh-CN': '', ru: '', ja: '', ko: '  ' };
    await expect(
      database.db.insert(siteContentItems).values({ kind: 'footer_link', title: blank }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(siteContentItems).values({
        kind: 'announcement',
        title: complete,
        startsAt: new Date(T0),
        endsAt: new Date(T0),
      }),
    ).rejects.toThrow();
    // One language is enough; readers of the others get English, or nothing without it.
    await database.db.insert(siteContentItems).values({
      kind: 'footer_link',
      title: { ...blank, 'zh-CN': '博客' },
      attrs: { url: '/blog' },
    });
  });
});
