import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiResponse, fileParamsSchema, uploadRefSchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { requireOperator } from '../operators';
import { readUploadPart, readUpload, storeUpload } from '../files';
import { tokenFromHeader } from '../../http/auth-header';
import { currentUser, requireUser, resolveSession } from '../sessions';

/**
 * POST /upload (multipart, field `file`) and GET /file/:id (owner, operators, or public files):
 * the HTTP side of user files, over the files module's storage.
 */
export function fileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const auth = requireUser(ctx);
    const operator = requireOperator(ctx);

    app.post(
      '/upload',
      {
        preValidation: auth,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['files'],
          summary: 'Upload an image (JPEG, PNG, WebP); message is the file reference',
          response: apiResponse(uploadRefSchema),
        },
      },
      async (req) => {
        const userId = currentUser(req);
        const { data, filename } = await readUploadPart(req);
        const stored = await storeUpload(ctx, { data, filename, owner: { userId } });
        return ok(stored.url);
      },
    );

    app.get(
      '/file/:id',
      { schema: { tags: ['files'], params: fileParamsSchema } },
      async (req, reply) => {
        const token = tokenFromHeader(req.headers.authorization);
        const userId = token ? await resolveSession(ctx, token) : null;
        let isOperator = false;
        if (token && userId === null) {
          try {
            await operator(req, reply);
            isOperator = true;
          } catch {
            isOperator = false;
          }
        }
        const file = await readUpload(ctx, req.params.id, { userId, operator: isOperator });
        if (!file) throw notFound();
        return reply
          .header('content-type', file.mime)
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', 'inline')
          .header('content-security-policy', "default-src 'none'")
          .send(file.data);
      },
    );
  };
}
