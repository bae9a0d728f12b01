import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { makeOperator } from '../../testing/operators';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { callApi, registerByEmail } from '../identity/testHelpers';
import {
  DEMO_BLOGROLL,
  DEMO_EVENT_COUPON,
  DEMO_EVENT_SLUG,
  seedDemoBlogroll,
  seedDemoEvent,
  seedDemoEventCoupon,
} from './demo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 3, 1, 8);

/** The five texts, `en` and `zh-CN` given, the others blank. */
function texts(en: string, zhCN = ''): Record<string, string> {
  return { en, 'zh-CN': zhCN, ru: '', ja: '', ko: '' };
}

describe.each(testDrivers)('site content in the operator console on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let userToken: string;
  let operatorToken: string;
  const clock = createManualClock(T0);

  /** A public GET in `language`, answered 200; its `data`. */
  async function publicGet(path: string, language = 'en'): Promise<Record<string, unknown>> {
    const response = await app.inject({
      method: 'GET',
      url: `/api${path}`,
      headers: { 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Record<string, unknown> }).data;
  }

  async function announcementTitles(language: string): Promise<string[]> {
    const data = await publicGet('/media/announcement/list', language);
    return (data.list as { title: string }[]).map((item) => item.title);
  }

  function create(kind: string, body: Record<string, unknown>, token = operatorToken) {
    return callApi(app, 'POST', `/admin/content/${kind}`, { token, body });
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    ({ token: userToken } = await registerByEmail(
      app,
      'reader01',
      'reader01@example.com',
      'Secret123',
      '10.8.0.1',
    ));
    ({ token: operatorToken } = await registerByEmail(
      app,
      'editor01',
      'editor01@example.com',
      'Secret123',
      '10.8.0.2',
    ));
    await makeOperator(database, 'editor01', clock.now());
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should refuse visitors with 401 and users who are not operators with 403', async () => {
    const body = { title: texts('Hello'), published: true };
    expect((await callApi(app, 'GET', '/admin/content/announcement')).status).toBe(401);
    const listed = await callApi(app, 'GET', '/admin/content/announcement', { token: userToken });
    expect(listed.status).toBe(403);
    expect((await create('announcement', body, userToken)).status).toBe(403);
    expect(
      (await callApi(app, 'PUT', '/admin/site-parameters', { token: userToken, body: {} })).status,
    ).toBe(403);
    expect(await announcementTitles('en')).toEqual([]);
  });

  it('should show an announcement published in Chinese only to Chinese readers, at once', async () => {
    // Read first, so the list is in the cache when the operator publishes.
    expect(await announcementTitles('zh-CN')).toEqual([]);
    const created = await create('announcement', {
      title: texts('', '矿池维护通知'),
      url: '/ticket',
      published: true,
    });
    expect(created.status, created.msg).toBe(200);
    expect(created.data).toMatchObject({ kind: 'announcement', live: true, pinned: false });
    expect(await announcementTitles('zh-CN')).toEqual(['矿池维护通知']);
    // No English text: English readers (and Russian ones, who fall back to English) see nothing.
    expect(await announcementTitles('en')).toEqual([]);
    expect(await announcementTitles('ru')).toEqual([]);

    const [audit] = await queryRows<{ action: string; target_id: string }>(
      database.db,
      sql`SELECT action, target_id FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ action: 'content.create', target_id: created.data.id });
  });

  it('should fall back to English when the reader’s language is blank', async () => {
    const created = await create('announcement', {
      title: texts('Fee holiday this weekend', '本周末免手续费'),
      published: true,
    });
    expect(created.status).toBe(200);
    expect(await announcementTitles('ja')).toContain('Fee holiday this weekend');
    expect(await announcementTitles('zh-CN')).toContain('本周末免手续费');
  });

  it('should hide drafts and keep a window: not before it starts, not after it ends', async () => {
    const draft = await create('announcement', { title: texts('Draft news'), published: false });
    expect(draft.status).toBe(200);
    expect(draft.data.live).toBe(false);
    const windowed = await create('announcement', {
      title: texts('Scheduled news'),
      published: true,
      starts_at: new Date(clock.now() + 10 * MINUTE).toISOString(),
      ends_at: new Date(clock.now() + 30 * MINUTE).toISOString(),
    });
    expect(windowed.status).toBe(200);
    expect(windowed.data.live).toBe(false);
    let titles = await announcementTitles('en');
    expect(titles).not.toContain('Draft news');
    expect(titles).not.toContain('Scheduled news');

    clock.advance(10 * MINUTE);
    titles = await announcementTitles('en');
    expect(titles).toContain('Scheduled news');
    expect(titles).not.toContain('Draft news');

    clock.advance(20 * MINUTE);
    expect(await announcementTitles('en')).not.toContain('Scheduled news');

    // Publishing the draft shows it at once; the operator's list shows every item.
    const published = await callApi(app, 'PUT', `/admin/content/announcement/${draft.data.id}`, {
      token: operatorToken,
      body: { title: texts('Draft news'), published: true },
    });
    expect(published.status, published.msg).toBe(200);
    expect(await announcementTitles('en')).toContain('Draft news');
    const list = await callApi(app, 'GET', '/admin/content/announcement', { token: operatorToken });
    expect((list.data.list as unknown[]).length).toBe(4);
  });

  it('should answer 400 naming the field of bad input', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['announcement', { title: texts(''), published: true }, 'title'],
      ['announcement', { title: texts('x'), published: true, url: 'javascript:alert(1)' }, 'url'],
      [
        'announcement',
        {
          title: texts('x'),
          published: true,
          starts_at: '2026-04-02T00:00:00Z',
          ends_at: '2026-04-01T00:00:00Z',
        },
        'ends_at',
      ],
      ['slider', { title: texts('x'), published: true }, 'image_url'],
      ['advertisement', { title: texts('x'), published: true, image_url: '/a.svg' }, 'position'],
      [
        'download',
        { title: texts('Miner'), published: true, url: 'https://dl.example/m.zip', checksum: 'ab' },
        'checksum',
      ],
      [
        'download',
        { title: texts('Miner'), published: true, url: 'https://dl.example/m.zip' },
        'platform',
      ],
      ['page', { title: texts('Imprint'), published: true, slug: 'imprint' }, 'slug'],
      ['event', { title: texts('Event'), published: true, slug: 'spring' }, 'blocks'],
      [
        'event',
        { title: texts('Event'), published: true, slug: 'spring', blocks: [{ type: 'banner' }] },
        'blocks.0.image_url',
      ],
    ];
    for (const [kind, body, field] of cases) {
      const answer = await create(kind, body);
      expect(answer.status, `${kind} ${field}: ${answer.msg}`).toBe(400);
      expect(
        (answer.fields ?? [{ field: answer.msg }]).map((entry) =>
          entry.field.replace(/^body\./, ''),
        ),
        `${kind} ${field}`,
      ).toContain(field);
    }
    const bad = await callApi(app, 'POST', '/admin/content/widgets', {
      token: operatorToken,
      body: { title: texts('x'), published: true },
    });
    expect(bad.status).toBe(400);
    const missing = await callApi(app, 'PUT', '/admin/content/slider/999999', {
      token: operatorToken,
      body: { title: texts('x'), published: true, image_url: '/a.svg' },
    });
    expect(missing.status).toBe(404);
  });

  it('should serve downloads, pages, blogroll and slides, and delete with an audit entry', async () => {
    const checksum = 'A'.repeat(64);
    const download = await create('download', {
      title: texts('PoolKit miner', 'PoolKit 挖矿软件'),
      body: texts('For NVIDIA and AMD cards'),
      published: true,
      category: 'software',
      platform: 'linux',
      version: '2.4.1',
      url: 'https://dl.example/poolkit-miner-2.4.1.tar.gz',
      checksum,
    });
    expect(download.status, download.msg).toBe(200);
    await create('download', {
      title: texts('PoolKit app'),
      published: true,
      category: 'app',
      platform: 'android',
      version: '1.0.0',
      url: 'https://dl.example/poolkit.apk',
    });
    const downloads = (await publicGet('/downloads', 'zh-CN')).list as Record<string, unknown>[];
    expect(downloads.map((item) => item.name)).toEqual(['PoolKit app', 'PoolKit 挖矿软件']);
    expect(downloads[1]).toMatchObject({
      platform: 'linux',
      version: '2.4.1',
      checksum: 'a'.repeat(64),
      description: 'For NVIDIA and AMD cards',
    });

    expect(await publicGet('/pages/about')).toEqual({ page: null });
    const page = await create('page', {
      slug: 'about',
      title: texts('About PoolKit', '关于 PoolKit'),
      body: texts('We run a pool.\n\nSince 2026.', '我们运营矿池。'),
      published: true,
    });
    expect(page.status).toBe(200);
    expect(await publicGet('/pages/about', 'zh-CN')).toMatchObject({
      page: { slug: 'about', title: '关于 PoolKit', body: '我们运营矿池。' },
    });
    const again = await create('page', { slug: 'about', title: texts('Twice'), published: true });
    expect(again.status).toBe(409);

    await create('blogroll', {
      title: texts('Mining news'),
      url: 'https://news.example/',
      published: true,
    });
    expect((await publicGet('/media/blogroll/list')).list).toEqual([
      { title: 'Mining news', url: 'https://news.example/', logo_url: null, sort: 0 },
    ]);

    const slide = await create('slider', {
      title: texts('Spring sale'),
      image_url: '/media/demo/slide-pps-plus.svg',
      url: '/sales',
      published: true,
    });
    expect((await publicGet('/sliders')).list).toMatchObject([{ title: 'Spring sale' }]);
    const deleted = await callApi(app, 'DELETE', `/admin/content/slider/${slide.data.id}`, {
      token: operatorToken,
    });
    expect(deleted.data).toEqual({ id: slide.data.id, deleted: true });
    expect((await publicGet('/sliders')).list).toEqual([]);
    const [audit] = await queryRows<{ action: string; target_id: string }>(
      database.db,
      sql`SELECT action, target_id FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ action: 'content.delete', target_id: slide.data.id });
  });

  it('should set the site parameters, audited, and answer them publicly at once', async () => {
    const body = {
      support_email: 'help@pool.example',
      wechat_qr_url: null,
      android_download_url: 'https://dl.example/poolkit.apk',
      ios_download_url: null,
    };
    const answer = await callApi(app, 'PUT', '/admin/site-parameters', {
      token: operatorToken,
      body,
    });
    expect(answer.status, answer.msg).toBe(200);
    expect(await publicGet('/parameters')).toMatchObject(body);
    const read = await callApi(app, 'GET', '/admin/site-parameters', { token: operatorToken });
    expect(read.data).toEqual(body);
    const bad = await callApi(app, 'PUT', '/admin/site-parameters', {
      token: operatorToken,
      body: { ...body, support_email: 'not an address' },
    });
    expect(bad.status).toBe(400);
    expect(bad.fields?.[0]?.field).toMatch(/support_email/);
    const [audit] = await queryRows<{ action: string }>(
      database.db,
      sql`SELECT action FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.action).toBe('content.parameters');
  });

  it('should seed the demo blogroll once, in the reader’s language', async () => {
    expect(await seedDemoBlogroll(database)).toBe(true);
    expect(await seedDemoBlogroll(database)).toBe(false);
    // Earlier tests of this file left an operator's link; the demo's four come after it, once.
    const read = async (language: string) =>
      (
        (await publicGet('/media/blogroll/list', language)).list as { title: string; url: string }[]
      ).filter((link) => DEMO_BLOGROLL.some((demo) => demo.url === link.url));
    const english = await read('en');
    expect(english.map((link) => link.url)).toEqual(DEMO_BLOGROLL.map((link) => link.url));
    expect(english[1]?.title).toBe('Kaspa explorer');
    expect((await read('ja'))[1]?.title).toBe('Kaspa エクスプローラー');
  });

  it('should serve the demo event in the reader’s language while its window is open', async () => {
    expect(await seedDemoEvent(database, clock)).toBe(true);
    expect(await seedDemoEvent(database, clock)).toBe(false);
    expect(await seedDemoEventCoupon(database, clock)).toBe(true);
    expect(await seedDemoEventCoupon(database, clock)).toBe(false);
    const event = await publicGet(`/events/${DEMO_EVENT_SLUG}`, 'ko');
    expect(event.title).toContain('Goldshell');
    const blocks = event.blocks as { type: string; code?: string; machine_ids?: string[] }[];
    expect(blocks.map((block) => block.type)).toEqual(['banner', 'text', 'machines', 'coupon']);
    expect(blocks[2]?.machine_ids).toContain('goldshell-kd-max');
    expect(blocks[3]?.code).toBe(DEMO_EVENT_COUPON);
    const missing = await app.inject({ method: 'GET', url: '/api/events/no-such-event' });
    expect(missing.statusCode).toBe(404);
  });

  it('should advertise on an event page only codes that redeem, and hide one once redeemed', async () => {
    // Issue 27: /activity/goldshell showed GOLDSHELL-KAS, which answered "does not exist".
    const advertised = async () =>
      ((await publicGet(`/events/${DEMO_EVENT_SLUG}`)).blocks as { type: string; code?: string }[])
        .filter((block) => block.type === 'coupon')
        .map((block) => block.code ?? '');
    const codes = await advertised();
    expect(codes).toEqual([DEMO_EVENT_COUPON]);
    for (const code of codes) {
      const redeemed = await callApi(app, 'POST', '/coupons/redeem', {
        token: userToken,
        body: { code },
      });
      expect(redeemed.status, redeemed.msg).toBe(200);
      expect(redeemed.data).toMatchObject({ code, status: 'unused' });
    }
    // One code is one coupon: once taken, the page no longer offers it.
    expect(await advertised()).toEqual([]);
    const event = await publicGet(`/events/${DEMO_EVENT_SLUG}`);
    expect((event.blocks as { type: string }[]).map((block) => block.type)).toEqual([
      'banner',
      'text',
      'machines',
    ]);
  });

  it('should show no code on an event page whose code was never issued', async () => {
    const created = await create('event', {
      slug: 'no-code-event',
      title: texts('An event with a made-up code'),
      blocks: [{ type: 'coupon', code: 'NO-SUCH-CODE', text: texts('Redeem it') }],
      published: true,
    });
    expect(created.status, created.msg).toBe(200);
    const event = await publicGet('/events/no-code-event');
    expect(event.blocks).toEqual([]);
  });

  it('should close the demo event when its window ends', async () => {
    clock.advance(91 * 24 * HOUR);
    const ended = await app.inject({ method: 'GET', url: `/api/events/${DEMO_EVENT_SLUG}` });
    expect(ended.statusCode).toBe(404);
  });
});
