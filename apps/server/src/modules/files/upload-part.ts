import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { MAX_UPLOAD_BYTES } from './service';

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
