import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError, notFound } from '../../http/errors';
import { requireOperator } from '../operators';
import { currentUser, requireUser } from '../identity/auth';
import { tokenFromHeader } from '../../http/auth-header';
import { resolveSession } from '../identity/sessions';
import { MAX_UPLOAD_BYTES, readUpload, storeUpload } from './service';

/**
 * Reads the one multipart part `file` of an upload request into memory, refusing a missing or
 * misnamed part and anything over MAX_UPLOAD_BYTES. The content itself is checked by storeUpload.
 */
export async function readUploadPart(req: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  let part;
  try {
    // preservePath: the client's name arrives as sent, so names with paths are seen and refused.
    part = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 }, preservePath: true });
  } catch {
    throw new AppError('upload_missing');
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('upload_missing');
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch {
    throw new AppError('upload_too_large', { max: MAX_UPLOAD_BYTES / 1024 / 1024 });
  }
  if (part.file.truncated) throw new AppError('upload_too_large', { max: MAX_UPLOAD_BYTES / 1024 / 1024 });
  return { data, filename: part.filename };
}

/** POST /upload (multipart, field `file`) and GET /file/:id (owner, operators, or public files). */
export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const auth = requireUser(ctx);
    const operator = requireOperator(ctx);

    app.post(
      '/upload',
      {
        preValidation: auth,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { tags: ['files'], summary: 'Upload an image (JPEG, PNG, WebP); message is the file reference' },
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
      { schema: { tags: ['files'], params: z.object({ id: z.string().max(64) }) } },
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
