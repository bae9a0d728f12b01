import type { FastifyInstance } from 'fastify';
import { serverVersion } from '../../version';
import { docsStylesheet, renderDocsPage } from './docsPage';
import { buildOpenApiDocument, type OpenApiDocument } from './openApi';

/**
 * Registers `GET /api/docs` (the OpenAPI 3.1 document of every endpoint registered on the
 * app, not wrapped in an envelope), `GET /api/docs/ui` (an HTML page listing the operations)
 * and its stylesheet `GET /api/docs/ui.css`. The document is built on first request, once
 * every module has registered its endpoints.
 */
export function registerDocsRoutes(app: FastifyInstance): void {
  let document: OpenApiDocument | undefined;
  const getDocument = (): OpenApiDocument => {
    document ??= buildOpenApiDocument(app.platform.endpoints, serverVersion);
    return document;
  };

  app.get('/api/docs', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(getDocument()),
  );
  app.get('/api/docs/ui', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocsPage(getDocument())),
  );
  app.get('/api/docs/ui.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(docsStylesheet),
  );
}
