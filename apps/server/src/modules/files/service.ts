import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';

/** Largest accepted upload (bytes). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** The image type from the first bytes, or null: only JPEG, PNG and WebP are accepted. */
export function sniffImage(data: Buffer): ImageMime | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const EXT: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const ID_RE = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export function uploadDir(ctx: AppContext): string {
  return resolve(ctx.config.dataDir, 'uploads');
}

/** A client file name is never used for storage; names with paths or control characters are refused. */
export function checkClientName(name: string | undefined): void {
  if (!name) return;
  // eslint-disable-next-line no-control-regex
  if (name.length > 255 || /[/\\\u0000-\u001f]/.test(name) || name.includes('..')) throw new AppError('upload_type_invalid');
}

export type Owner = { userId: number } | { operatorId: number };

/**
 * Stores an image under a generated name in DATA_DIR/uploads (never a served folder) and
 * records its owner. Returns the reference (`id`) and the API path it is served from.
 */
export async function storeUpload(
  ctx: AppContext,
  input: { data: Buffer; filename?: string; owner: Owner; public?: boolean },
): Promise<{ id: string; url: string }> {
  checkClientName(input.filename);
  if (input.data.length === 0) throw new AppError('upload_missing');
  if (input.data.length > MAX_UPLOAD_BYTES) throw new AppError('upload_too_large', { max: MAX_UPLOAD_BYTES / 1024 / 1024 });
  const mime = sniffImage(input.data);
  if (!mime) throw new AppError('upload_type_invalid');
  const id = `${randomBytes(16).toString('hex')}.${EXT[mime]}`;
  const dir = uploadDir(ctx);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, id), input.data, { flag: 'wx', mode: 0o600 });
  await ctx.db
    .insertInto('uploads')
    .values({
      id,
      user_id: 'userId' in input.owner ? input.owner.userId : null,
      operator_id: 'operatorId' in input.owner ? input.owner.operatorId : null,
      mime,
      size: input.data.length,
      is_public: input.public ?? false,
      created_at: ctx.clock.now(),
    })
    .execute();
  return { id, url: uploadUrl(id) };
}

export function uploadUrl(id: string): string {
  return `/api/file/${id}`;
}

/** The upload's id from a reference (`<id>` or `/api/file/<id>`), or null when it is not one. */
export function uploadIdOf(ref: string): string | null {
  const id = ref.startsWith('/api/file/') ? ref.slice('/api/file/'.length) : ref;
  return ID_RE.test(id) ? id : null;
}

export type Viewer = { userId?: number | null; operator?: boolean };

/** Reads an upload for a viewer: public files for anyone, others for their owner and operators only. */
export async function readUpload(ctx: AppContext, ref: string, viewer: Viewer): Promise<{ data: Buffer; mime: string } | null> {
  const id = uploadIdOf(ref);
  if (!id) return null;
  const row = await ctx.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const allowed = row.is_public || viewer.operator === true || (viewer.userId != null && row.user_id === viewer.userId);
  if (!allowed) return null;
  const path = join(uploadDir(ctx), id);
  if (!path.startsWith(uploadDir(ctx) + sep)) return null;
  try {
    return { data: await readFile(path), mime: row.mime };
  } catch {
    return null;
  }
}

/** True when the reference is an upload owned by this user (for forms that attach uploads). */
export async function ownsUpload(ctx: AppContext, ref: string, userId: number): Promise<boolean> {
  const id = uploadIdOf(ref);
  if (!id) return false;
  const row = await ctx.db.selectFrom('uploads').select('user_id').where('id', '=', id).executeTakeFirst();
  return row?.user_id === userId;
}

/** Marks a user's upload public (an avatar, a published cover). */
export async function publishUpload(ctx: AppContext, ref: string, owner: Owner): Promise<boolean> {
  const id = uploadIdOf(ref);
  if (!id) return false;
  let q = ctx.db.updateTable('uploads').set({ is_public: true }).where('id', '=', id);
  q = 'userId' in owner ? q.where('user_id', '=', owner.userId) : q.where('operator_id', '=', owner.operatorId);
  const res = await q.returning('id').executeTakeFirst();
  return Boolean(res);
}
