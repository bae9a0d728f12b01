import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../contract';
import { OPERATOR_PERMISSION } from '../modules/identity/permissions';
import { HttpError } from './httpError';
import { signedInUser } from './userOf';

/** An uploaded file as a module reads it back from its store. */
export interface UploadedFile {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly fileName: string;
}

/** What {@link serveUploadedFile} serves. */
export interface UploadedFileRoute<Params extends Record<string, string>> {
  /** The route, under `/api`, in Fastify's syntax (`:name`). */
  readonly path: string;
  /** The path parameter that names the file: the field of the 404. */
  readonly fileParam: keyof Params & string;
  /** `inline` to show it in the browser, `attachment` to download it. */
  readonly disposition: 'inline' | 'attachment';
  /**
   * Reads the file, `undefined` when there is none. `ownerId` is the signed-in user, whose files
   * alone it may read, or `null` for an operator, who reads anyone's.
   */
  readonly read: (params: Params, ownerId: string | null) => Promise<UploadedFile | undefined>;
}

/**
 * Serves uploaded files (ticket attachments, payment evidence) to their signed-in owner and to
 * operators: the bytes, not the JSON envelope, so not a contract endpoint. Never cached, never
 * sniffed into another type; 401 for anyone not signed in, 404 naming `fileParam` for another's
 * file or none.
 */
export function serveUploadedFile<Params extends Record<string, string>>(
  app: FastifyInstance,
  route: UploadedFileRoute<Params>,
): void {
  app.get<{ Params: Params }>(route.path, async (request, reply) => {
    const principal = signedInUser(await app.platform.authenticate(request));
    const operator = principal.permissions.includes(OPERATOR_PERMISSION);
    const file = await route.read(request.params as Params, operator ? null : principal.userId);
    if (file === undefined) {
      throw new HttpError(404, ERROR_CODES.notFound, 'No such file', {
        fields: [{ field: route.fileParam, message: 'No such file' }],
      });
    }
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-disposition',
        `${route.disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .send(Buffer.from(file.bytes));
  });
}
