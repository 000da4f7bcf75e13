import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, kycRequired } from '../../http/errors';
import { ownsUpload } from '../files';
import { currentUser } from './auth';
import * as repo from './repo';
import { kycStatusName } from './service';
import { mask } from './validation';

export const ID_TYPES = ['id_card', 'passport', 'driver_license', 'other'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Mainland resident ID: 17 digits and a check character (ISO 7064 MOD 11-2). */
export function validMainlandId(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * weights[i]!;
  return '10X98765432'[sum % 11] === id[17];
}

export function checkIdNumber(idType: IdType, raw: string): string {
  const id = raw.trim().toUpperCase().replace(/\s/g, '');
  const ok = idType === 'id_card' ? validMainlandId(id) : /^[A-Z0-9-]{4,32}$/.test(id);
  if (!ok) throw new AppError('id_number_invalid');
  return id;
}

/** GET /real/state: the user's verification state (none, pending, approved, rejected + reason). */
export async function kycState(ctx: AppContext, userId: number) {
  const k = await repo.latestKyc(ctx.db, userId);
  const status = kycStatusName(k?.status);
  return {
    status,
    // Numeric form for older clients: 0 none, 1 pending, 2 approved, 3 rejected.
    state: k?.status ?? 0,
    reason: k?.status === 3 ? k.reason : null,
    real_type: k?.real_type ?? null,
    id_type: k?.id_type ?? null,
    name: k?.name ?? null,
    card_id: k?.card_id ? mask(k.card_id, 3, 2) : null,
    submitted_at: k?.created_at.toISOString() ?? null,
    reviewed_at: k?.reviewed_at?.toISOString() ?? null,
  };
}

/** POST /user/real. real_type 1: ID details and both photos; 2: photos only. */
export async function submitKyc(
  ctx: AppContext,
  userId: number,
  input: { realType: 1 | 2; idType?: IdType; name?: string; cardId?: string; frontPic: string; reversePic: string },
) {
  const latest = await repo.latestKyc(ctx.db, userId);
  if (latest?.status === 1) throw new AppError('kyc_pending');
  if (latest?.status === 2) throw new AppError('kyc_already_approved');
  let idType: IdType | null = null;
  let name: string | null = null;
  let cardId: string | null = null;
  if (input.realType === 1) {
    idType = input.idType ?? 'id_card';
    name = (input.name ?? '').trim();
    if (name.length < 2 || name.length > 64) throw new AppError('field_invalid', { field: 'name' });
    cardId = checkIdNumber(idType, input.cardId ?? '');
  }
  for (const pic of [input.frontPic, input.reversePic]) {
    if (!(await ownsUpload(ctx, pic, userId))) throw new AppError('upload_missing');
  }
  try {
    await ctx.db
      .insertInto('kyc_submissions')
      .values({
        user_id: userId,
        real_type: input.realType,
        id_type: idType,
        name,
        card_id: cardId,
        front_pic: input.frontPic,
        reverse_pic: input.reversePic,
        created_at: ctx.clock.now(),
      })
      .execute();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError('kyc_pending');
    throw err;
  }
  return kycState(ctx, userId);
}

/** The operator setting listing which features need verification (e.g. "withdraw", "trade"). */
export async function kycRequiredFeatures(ctx: AppContext): Promise<string[]> {
  const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', 'kyc_required_features').executeTakeFirst();
  return Array.isArray(row?.value) ? row.value.filter((x): x is string => typeof x === 'string') : [];
}

export async function isKycApproved(ctx: AppContext, userId: number): Promise<boolean> {
  return (await repo.latestKyc(ctx.db, userId))?.status === 2;
}

/**
 * preHandler for other modules, placed after requireUser: when operators list `feature` in the
 * `kyc_required_features` setting and the user is not verified, answers type 998.
 */
export function requireKyc(ctx: AppContext, feature: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const userId = currentUser(request);
    const features = await kycRequiredFeatures(ctx);
    if (!features.includes(feature)) return;
    if (!(await isKycApproved(ctx, userId))) throw kycRequired();
  };
}
