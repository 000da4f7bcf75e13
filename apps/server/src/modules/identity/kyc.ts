import { checkIdNumber as checkIdNumberRule, checkRealName, KYC_ID_TYPES, maskRealName, type KycIdType } from '@bourse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, kycRequired } from '../../http/errors';
import { ownsUpload } from '../files';
import { currentUser } from '../sessions';
import * as repo from './repo';
import { kycStatusName } from './service';
import { mask } from './validation';
import { getSetting } from '../platform';
import { z } from 'zod';

export const ID_TYPES = KYC_ID_TYPES;
export type IdType = KycIdType;

/** The document number of a type, normalized (upper case, no spaces), or id_number_invalid. */
export function checkIdNumber(idType: IdType, raw: string): string {
  const r = checkIdNumberRule(idType, raw);
  if (!r.ok) throw new AppError('id_number_invalid');
  return r.value;
}

/**
 * GET /real/state: the user's verification state (none, pending, approved, rejected + reason).
 * The name and number come back masked (the verified page shows them so); after a rejection,
 * `resubmit` holds what was sent, in full, so the form opens filled in for "Submit again" (the
 * caller's own data, and only while it may be sent again).
 */
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
    name: k?.name ? maskRealName(k.name) : null,
    card_id: k?.card_id ? mask(k.card_id, 3, 2) : null,
    submitted_at: k?.created_at.toISOString() ?? null,
    reviewed_at: k?.reviewed_at?.toISOString() ?? null,
    resubmit:
      k?.status === 3
        ? {
            real_type: k.real_type,
            id_type: k.id_type,
            name: k.name,
            card_id: k.card_id,
            front_pic: k.front_pic,
            reverse_pic: k.reverse_pic,
          }
        : null,
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
    const checked = checkRealName(input.name ?? '');
    if (!checked.ok) throw new AppError('field_invalid', { field: 'name' });
    name = checked.value;
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
  return getSetting(ctx.db, 'kyc_required_features', z.array(z.string()), []);
}

export async function isKycApproved(ctx: AppContext, userId: number): Promise<boolean> {
  return (await repo.latestKyc(ctx.db, userId))?.status === 2;
}

/**
 * Guard (preValidation) for other modules, placed after requireUser: when operators list `feature` in the
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
