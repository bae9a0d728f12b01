import { readFile } from 'node:fs/promises';
import { FIRST_SLIDE_PICTURE_PATH, type Language } from '@poolkit/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, endpoints } from '../../contract';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { requireOperator } from '../admin/operators';
import {
  type ContentActor,
  createContentItem,
  deleteContentItem,
  listContentItems,
  readEditableParameters,
  updateContentItem,
  updateEditableParameters,
} from './admin';
import {
  DEMO_MEDIA_FILES,
  DEMO_MEDIA_PATH,
  seedDemoBlogroll,
  seedDemoContent,
  seedDemoEvent,
  seedDemoEventCoupon,
} from './demo';
import { requestLanguage } from './language';
import { createContentService } from './service';

/** `Cache-Control` of the demo pictures: they change only with a release of the server. */
const DEMO_MEDIA_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The language of the answer, from `Accept-Language`; the reply says which one it chose
 * (`Content-Language`) and that it depends on the header (`Vary`).
 */
function answerLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const language = requestLanguage(request.headers['accept-language']);
  reply.header('content-language', language);
  reply.header('vary', 'Accept-Language');
  return language;
}

/** Serves the demo content's pictures at `/media/demo/<file>`, each an SVG of `./media`. */
async function registerDemoMedia(app: FastifyInstance): Promise<void> {
  for (const file of DEMO_MEDIA_FILES) {
    const body = await readFile(new URL(`./media/${file}`, import.meta.url));
    app.get(`${DEMO_MEDIA_PATH}/${file}`, (_request, reply) =>
      reply
        .header('cache-control', DEMO_MEDIA_CACHE_CONTROL)
        .type('image/svg+xml; charset=utf-8')
        .send(body),
    );
  }
}

/**
 * Site content. Public (family A): footer links, announcements, home-page slides,
 * advertisements, blogroll, downloads, the about and terms pages, event pages, site parameters
 * and currency exchange rates, read from their tables (`site_content_items` of
 * `0023_content_items.sql`, `site_parameters`, `currency_rates`) through a 30 s per-process
 * cache, only items published now, texts in the request's `Accept-Language` (English when the
 * reader's is blank), and the first slide's picture at `/media/slides/first` (a redirect) for the
 * prerendered home page. Operators (`/admin/content/…`, `/admin/site-parameters`) list, add, edit
 * and delete items, each change audited and clearing the cache. In demo mode (never in test
 * mode) it seeds the demo content once at start, and it always serves the demo pictures.
 */
export async function registerContentModule(app: FastifyInstance): Promise<void> {
  const { config, database, clock } = app.platform;
  const content = createContentService({ database, clock, demo: config.demo });

  registerEndpoint(app, endpoints.footerLinks, async (_input, { request, reply }) =>
    content.footerLinks(answerLanguage(request, reply)),
  );
  registerEndpoint(app, endpoints.announcements, async (_input, { request, reply }) =>
    content.announcements(answerLanguage(request, reply)),
  );
  registerEndpoint(app, endpoints.sliders, async (_input, { request, reply }) =>
    content.sliders(answerLanguage(request, reply)),
  );
  // The first slide's picture, for the prerendered home page (core's FIRST_SLIDE_PICTURE_PATH):
  // a redirect that follows the slides, never cached; 404 when there are none.
  app.get(FIRST_SLIDE_PICTURE_PATH, async (request, reply) => {
    const { list } = await content.sliders(answerLanguage(request, reply));
    reply.header('cache-control', 'no-cache');
    const first = list[0];
    if (first === undefined)
      return reply.status(404).type('text/plain; charset=utf-8').send('No slides');
    return reply.redirect(first.image_url, 302);
  });
  registerEndpoint(app, endpoints.advertisements, async ({ query }, { request, reply }) =>
    content.advertisements(answerLanguage(request, reply), query.position),
  );
  registerEndpoint(app, endpoints.blogroll, async (_input, { request, reply }) =>
    content.blogroll(answerLanguage(request, reply)),
  );
  registerEndpoint(app, endpoints.downloads, async (_input, { request, reply }) =>
    content.downloads(answerLanguage(request, reply)),
  );
  registerEndpoint(app, endpoints.sitePage, async ({ params }, { request, reply }) =>
    content.sitePage(answerLanguage(request, reply), params.slug),
  );
  registerEndpoint(app, endpoints.eventPage, async ({ params }, { request, reply }) => {
    const event = await content.eventPage(answerLanguage(request, reply), params.slug);
    if (event === undefined) throw new HttpError(404, ERROR_CODES.notFound, 'No such event');
    return event;
  });
  registerEndpoint(app, endpoints.siteParameters, async () => content.siteParameters());
  registerEndpoint(app, endpoints.currencyRates, async () => content.currencyRates());

  const actor = (principal: Parameters<typeof requireOperator>[0], ip: string): ContentActor => ({
    operatorId: requireOperator(principal),
    ip,
    nowMs: clock.now(),
  });
  /** Runs an operator's change, then forgets the cached content so the public sees it now. */
  const change = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      content.invalidate();
    }
  };
  registerEndpoint(app, endpoints.adminContentItems, async ({ params }, { principal }) => {
    requireOperator(principal);
    return listContentItems(database, params.kind, clock.now());
  });
  registerEndpoint(app, endpoints.createContentItem, async ({ params, body }, context) =>
    change(() =>
      createContentItem(database, params.kind, body, actor(context.principal, context.request.ip)),
    ),
  );
  registerEndpoint(app, endpoints.updateContentItem, async ({ params, body }, context) =>
    change(() =>
      updateContentItem(
        database,
        params.kind,
        params.id,
        body,
        actor(context.principal, context.request.ip),
      ),
    ),
  );
  registerEndpoint(app, endpoints.deleteContentItem, async ({ params }, context) =>
    change(() =>
      deleteContentItem(
        database,
        params.kind,
        params.id,
        actor(context.principal, context.request.ip),
      ),
    ),
  );
  registerEndpoint(app, endpoints.adminSiteParameters, async (_input, { principal }) => {
    requireOperator(principal);
    return readEditableParameters(database);
  });
  registerEndpoint(app, endpoints.updateSiteParameters, async ({ body }, context) =>
    change(() =>
      updateEditableParameters(database, body, actor(context.principal, context.request.ip)),
    ),
  );

  await registerDemoMedia(app);

  app.addHook('onReady', async () => {
    if (config.env === 'test' || !config.demo) return;
    if (await seedDemoContent(database, clock)) app.log.info('demo site content seeded');
    if (await seedDemoEvent(database, clock)) app.log.info('demo event seeded');
    if (await seedDemoEventCoupon(database, clock)) app.log.info('demo event coupon issued');
    if (await seedDemoBlogroll(database)) app.log.info('demo blogroll seeded');
  });
}
