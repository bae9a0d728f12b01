import { readFile } from 'node:fs/promises';
import type { Language } from '@poolkit/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract';
import { registerEndpoint } from '../../http/registerEndpoint';
import { DEMO_MEDIA_FILES, DEMO_MEDIA_PATH, seedDemoContent } from './demo';
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
 * Site content (family A, public): footer links, announcements, home-page slides,
 * advertisements, site parameters and currency exchange rates, read from their tables
 * (`db/migrations/0005_site_content.sql`) through a 30 s per-process cache, texts in the
 * request's `Accept-Language`. In demo mode (never in test mode) it seeds the demo content once
 * at start, and it always serves the demo pictures.
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
  registerEndpoint(app, endpoints.advertisements, async ({ query }, { request, reply }) =>
    content.advertisements(answerLanguage(request, reply), query.position),
  );
  registerEndpoint(app, endpoints.siteParameters, async () => content.siteParameters());
  registerEndpoint(app, endpoints.currencyRates, async () => content.currencyRates());

  await registerDemoMedia(app);

  app.addHook('onReady', async () => {
    if (config.env === 'test' || !config.demo) return;
    if (await seedDemoContent(database, clock)) app.log.info('demo site content seeded');
  });
}
