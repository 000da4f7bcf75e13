import { getAddress, isAddress, verifyMessage, type Hex } from 'viem';
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { insertUser, NO_PASSWORD } from './account';
import * as repo from './repo';
import { createSession } from '../sessions';
import { getSetting } from '../platform';
import { z } from 'zod';

/** How long a nonce (and so a sign-in message) may wait before it is used. */
export const SIWE_NONCE_TTL_MS = 10 * 60_000;
/** Tolerated clock difference for issued-at in the future. */
const CLOCK_SKEW_MS = 60_000;

async function chainId(ctx: AppContext): Promise<number> {
  return getSetting(ctx.db, 'siwe_chain_id', z.number().int().positive(), 1);
}

/** The domain sign-in messages must name: PUBLIC_ORIGIN's host, else the Host the browser used. */
export function siweDomain(ctx: AppContext, hostHeader: string | undefined): { domain: string; uri: string } {
  if (ctx.config.publicOrigin) {
    const u = new URL(ctx.config.publicOrigin);
    return { domain: u.host, uri: u.origin };
  }
  const host = (hostHeader ?? 'localhost').trim();
  return { domain: host, uri: `http://${host}` };
}

/** GET /wallet/getWalletAuthorizeInfo: EIP-4361 parameters with a fresh single-use nonce. */
export async function walletAuthorizeInfo(ctx: AppContext, hostHeader: string | undefined) {
  const now = ctx.clock.now();
  const nonce = generateSiweNonce();
  await ctx.db
    .insertInto('siwe_nonces')
    .values({ nonce, created_at: now, expires_at: new Date(now.getTime() + SIWE_NONCE_TTL_MS) })
    .execute();
  await ctx.db.deleteFrom('siwe_nonces').where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000)).execute();
  const { domain, uri } = siweDomain(ctx, hostHeader);
  return {
    domain,
    uri,
    chain_id: await chainId(ctx),
    nonce,
    version: '1',
    statement: 'Sign in to Bourse. This signature does not move funds or grant any approval.',
    issued_at: now.toISOString(),
    expiration_time: new Date(now.getTime() + SIWE_NONCE_TTL_MS).toISOString(),
  };
}

function refuse(ctx: AppContext, reason: string): never {
  ctx.log.info({ reason }, 'wallet sign-in refused');
  throw new AppError('wallet_signin_failed');
}

/**
 * Verifies an EIP-4361 message and its signature (EOA, personal_sign) and signs the user in,
 * creating the account on first sign-in. Refuses malformed, wrong-domain, wrong-chain,
 * unknown/used nonce, expired and not-yet-valid messages. Returns the session token.
 */
export async function walletSignIn(
  ctx: AppContext,
  input: { message: string; signature: string; inviteCode?: string; hostHeader: string | undefined; ip: string | null; userAgent: string | null },
): Promise<string> {
  const now = ctx.clock.now();
  if (input.message.length > 4000) refuse(ctx, 'too long');
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(input.message);
  } catch {
    refuse(ctx, 'unparsable');
  }
  const { address, domain, chainId: msgChain, nonce, uri, version, issuedAt, expirationTime, notBefore } = parsed;
  if (!address || !isAddress(address) || !domain || !msgChain || !nonce || !uri || version !== '1' || !issuedAt) {
    refuse(ctx, 'malformed');
  }
  const expected = siweDomain(ctx, input.hostHeader);
  if (domain !== expected.domain) refuse(ctx, 'domain');
  try {
    if (new URL(uri).host !== expected.domain) refuse(ctx, 'uri');
  } catch {
    refuse(ctx, 'uri');
  }
  if (msgChain !== (await chainId(ctx))) refuse(ctx, 'chain');
  if (!(issuedAt instanceof Date) || Number.isNaN(issuedAt.getTime())) refuse(ctx, 'issued-at');
  if (issuedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) refuse(ctx, 'issued in the future');
  if (now.getTime() - issuedAt.getTime() > SIWE_NONCE_TTL_MS) refuse(ctx, 'too old');
  if (expirationTime && now.getTime() >= expirationTime.getTime()) refuse(ctx, 'expired');
  if (notBefore && now.getTime() < notBefore.getTime()) refuse(ctx, 'not yet valid');
  if (!/^0x[0-9a-fA-F]{130}$/.test(input.signature)) refuse(ctx, 'signature format');
  const valid = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(() => false);
  if (!valid) refuse(ctx, 'signature');
  // Single use: the nonce is consumed atomically; a replay finds it used.
  const used = await ctx.db
    .updateTable('siwe_nonces')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('nonce')
    .executeTakeFirst();
  if (!used) refuse(ctx, 'nonce');

  const checksummed = getAddress(address);
  const key = checksummed.toLowerCase();
  let userId = (await ctx.db.selectFrom('wallet_identities').select('user_id').where('address', '=', key).executeTakeFirst())?.user_id;
  if (userId === undefined) {
    let inviterId: number | null = null;
    if (input.inviteCode?.trim()) inviterId = (await repo.findUserByInviteCode(ctx.db, input.inviteCode))?.id ?? null;
    const created = await insertUser(ctx, {
      email: null,
      mobile: null,
      area_code: null,
      password_hash: NO_PASSWORD,
      nickname: `${checksummed.slice(0, 6)}…${checksummed.slice(-4)}`,
      inviter_id: inviterId,
    });
    const linked = await ctx.db
      .insertInto('wallet_identities')
      .values({ address: key, user_id: created, created_at: now })
      .onConflict((oc) => oc.column('address').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    // A parallel first sign-in of the same wallet won the race: use its account.
    userId = linked?.user_id ?? (await ctx.db.selectFrom('wallet_identities').select('user_id').where('address', '=', key).executeTakeFirstOrThrow()).user_id;
    if (!linked) await ctx.db.deleteFrom('users').where('id', '=', created).execute();
  }
  const user = await repo.findUserById(ctx.db, userId);
  if (!user || user.status !== 1) throw new AppError('account_frozen');
  return createSession(ctx, userId, { ip: input.ip, userAgent: input.userAgent });
}
