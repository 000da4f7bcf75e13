import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testContext, type TestDb } from '../../../test/helpers';
import { ManualClock } from '../../lib/clock';
import type { AppContext } from '../../context';
import type { AppError } from '../../http/errors';
import { resolveSession } from '../sessions';
import { walletAuthorizeInfo, walletSignIn } from './wallet-siwe';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
const HOST = 'bourse.test:8443';
const account = privateKeyToAccount(generatePrivateKey());

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-11-22T08:00:00Z');
  ctx = testContext(t.db, clock);
  ctx.log = { ...ctx.log, info: (o: { reason?: string }) => void (o?.reason && reasons.push(o.reason)) };
  await ctx.db.insertInto('settings').values({ key: 'siwe_chain_id', value: '1', is_public: true }).onConflict((oc) => oc.column('key').doNothing()).execute();
});
afterAll(async () => t.close());

type Overrides = Partial<Parameters<typeof createSiweMessage>[0]>;

async function signed(over: Overrides = {}, signer = account) {
  const info = await walletAuthorizeInfo(ctx, HOST);
  const message = createSiweMessage({
    address: signer.address,
    domain: info.domain,
    uri: info.uri,
    chainId: info.chain_id,
    nonce: info.nonce,
    version: '1',
    statement: info.statement,
    issuedAt: clock.now(),
    expirationTime: new Date(info.expiration_time),
    ...over,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

async function signIn(m: { message: string; signature: string }, invite?: string): Promise<string> {
  return walletSignIn(ctx, { ...m, inviteCode: invite, hostHeader: HOST, ip: null, userAgent: null });
}

const reasons: string[] = [];

/** The refusal code and the reason the service logged (so each case fails for its own reason). */
async function refused(m: { message: string; signature: string }): Promise<string> {
  reasons.length = 0;
  try {
    await signIn(m);
    return 'accepted';
  } catch (err) {
    return `${(err as AppError).code}:${reasons.join(',')}`;
  }
}

describe('wallet sign-in (EIP-4361)', () => {
  it('creates the account on first sign-in and signs the same account in again', async () => {
    const inviter = await ctx.db
      .insertInto('users')
      .values({ email: 'inv@example.com', mobile: null, area_code: null, password_hash: 'x', nickname: 'inv', invite_code: 'INVITE01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await signIn(await signed(), 'INVITE01');
    const userId = await resolveSession(ctx, token);
    expect(userId).not.toBeNull();
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId!).executeTakeFirstOrThrow();
    expect(user.inviter_id).toBe(inviter.id);
    expect(user.email).toBeNull();
    const again = await resolveSession(ctx, await signIn(await signed()));
    expect(again).toBe(userId);
    const wallets = await ctx.db.selectFrom('wallet_identities').selectAll().execute();
    expect(wallets).toEqual([expect.objectContaining({ address: account.address.toLowerCase(), user_id: userId })]);
  });

  it('refuses the 7 bad messages: replayed, expired, wrong domain, wrong chain, wrong nonce, not yet valid, malformed', async () => {
    const results: Record<string, string> = {};
    const good = await signed();
    await signIn(good);
    results.replayed = await refused(good);
    const expiring = await signed({ expirationTime: new Date(clock.now().getTime() + 60_000) });
    clock.advance(61_000);
    results.expired = await refused(expiring);
    results.wrongDomain = await refused(await signed({ domain: 'evil.example', uri: 'https://evil.example' }));
    results.wrongChain = await refused(await signed({ chainId: 56 }));
    const info = await walletAuthorizeInfo(ctx, HOST);
    const forged = createSiweMessage({ address: account.address, domain: info.domain, uri: info.uri, chainId: 1, nonce: 'abcdefgh12345678', version: '1', issuedAt: clock.now() });
    results.wrongNonce = await refused({ message: forged, signature: await account.signMessage({ message: forged }) });
    results.notYetValid = await refused(await signed({ notBefore: new Date(clock.now().getTime() + 3600_000) }));
    const malformed = 'hello, sign me in please';
    results.malformed = await refused({ message: malformed, signature: await account.signMessage({ message: malformed }) });
    expect(results).toEqual({
      replayed: 'wallet_signin_failed:nonce',
      expired: 'wallet_signin_failed:expired',
      wrongDomain: 'wallet_signin_failed:domain',
      wrongChain: 'wallet_signin_failed:chain',
      wrongNonce: 'wallet_signin_failed:nonce',
      notYetValid: 'wallet_signin_failed:not yet valid',
      malformed: 'wallet_signin_failed:malformed',
    });
    console.log('7 bad sign-in messages: all refused');
  });

  it('refuses a signature by another key and a nonce older than 10 minutes', async () => {
    const other = privateKeyToAccount(generatePrivateKey());
    const m = await signed();
    const wrongSigner = { message: m.message, signature: await other.signMessage({ message: m.message }) };
    expect(await refused(wrongSigner)).toBe('wallet_signin_failed:signature');
    // The nonce was not consumed by the failed attempt: the genuine signature still works once.
    expect(await refused(m)).toBe('accepted');
    const old = await signed({ expirationTime: undefined });
    clock.advance(11 * 60_000);
    expect(await refused(old)).toBe('wallet_signin_failed:too old');
  });
});
