import { checkNickname } from '@bourse/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { ownsUpload, publishUpload } from '../files';

/** POST /user/uploadHeadPortrait: an upload of this user becomes the (public) avatar. */
export async function setAvatar(ctx: AppContext, userId: number, ref: string) {
  if (!(await ownsUpload(ctx, ref, userId))) throw new AppError('upload_missing');
  await publishUpload(ctx, ref, { userId });
  await ctx.db.updateTable('users').set({ avatar: ref }).where('id', '=', userId).execute();
  return { head_portrait: ref };
}

/** POST /user/editNickname: 2–24 characters, no control characters or angle brackets. */
export async function setNickname(ctx: AppContext, userId: number, raw: string) {
  const checked = checkNickname(raw);
  if (!checked.ok) throw new AppError('field_invalid', { field: 'nickname' });
  const nickname = checked.value;
  await ctx.db.updateTable('users').set({ nickname }).where('id', '=', userId).execute();
  return { nickname };
}
