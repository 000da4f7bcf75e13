import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testContext, type TestDb } from '../../../test/helpers';
import { ManualClock } from '../../lib/clock';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { CODE_MAX_TRIES, CODE_TTL_MS, consumeCode, issueCode } from './codes';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-11-22T08:00:00Z');
  ctx = testContext(t.db, clock);
});
afterAll(async () => t.close());

async function delivered(target: string): Promise<string> {
  const row = await ctx.db.selectFrom('outbox').select('body').where('target', '=', target).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return row.body.match(/\b(\d{6})\b/)![1]!;
}

async function attempt(target: string, code: string): Promise<string> {
  try {
    await consumeCode(ctx, { target, scene: 'register', code });
    return 'ok';
  } catch (err) {
    return (err as AppError).code;
  }
}

describe('one-time codes', () => {
  it('10,000 wrong codes against one account: 0 successes (the right code among them is refused too)', async () => {
    const target = 'victim@example.com';
    await issueCode(ctx, { channel: 'email', target, scene: 'register', ip: null, lang: 'en' });
    const real = await delivered(target);
    let successes = 0;
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) {
      // Every guess is wrong except one: the real code, tried as guess 5,000.
      const guess = i === 5000 ? real : String((Number(real) + 1 + i) % 1_000_000).padStart(6, '0');
      if ((await attempt(target, guess)) === 'ok') successes++;
    }
    const ms = performance.now() - started;
    expect(successes).toBe(0);
    const row = await ctx.db.selectFrom('verification_codes').select(['attempts', 'used_at']).where('target', '=', target).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(CODE_MAX_TRIES);
    expect(row.used_at).toBeNull();
    console.log(`10,000 wrong codes: 0 successes in ${Math.round(ms)} ms`);
  });

  it('accepts the right code once, within 10 minutes, and refuses it afterwards', async () => {
    clock.advance(120_000);
    await issueCode(ctx, { channel: 'email', target: 'once@example.com', scene: 'register', ip: null, lang: 'en' });
    const code = await delivered('once@example.com');
    expect(await attempt('once@example.com', code)).toBe('ok');
    expect(await attempt('once@example.com', code)).toBe('code_invalid');

    await issueCode(ctx, { channel: 'email', target: 'late@example.com', scene: 'register', ip: null, lang: 'en' });
    const late = await delivered('late@example.com');
    clock.advance(CODE_TTL_MS);
    expect(await attempt('late@example.com', late)).toBe('code_invalid');
  });

  it('the 5th wrong try locks the code; a new code replaces the old one', async () => {
    clock.advance(120_000);
    await issueCode(ctx, { channel: 'email', target: 'five@example.com', scene: 'register', ip: null, lang: 'en' });
    const first = await delivered('five@example.com');
    const wrong = first === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < CODE_MAX_TRIES; i++) answers.push(await attempt('five@example.com', wrong));
    expect(answers).toEqual(['code_invalid', 'code_invalid', 'code_invalid', 'code_invalid', 'code_attempts_exceeded']);
    expect(await attempt('five@example.com', first)).toBe('code_attempts_exceeded');
    clock.advance(61_000);
    await issueCode(ctx, { channel: 'email', target: 'five@example.com', scene: 'register', ip: null, lang: 'en' });
    const second = await delivered('five@example.com');
    if (second !== first) expect(await attempt('five@example.com', first)).toBe('code_invalid');
    expect(await attempt('five@example.com', second)).toBe('ok');
  });

  it('codes are bound to their scene', async () => {
    clock.advance(120_000);
    await issueCode(ctx, { channel: 'email', target: 'scene@example.com', scene: 'bind', ip: null, lang: 'en' });
    const code = await delivered('scene@example.com');
    expect(await attempt('scene@example.com', code)).toBe('code_invalid');
  });

  it('parallel wrong tries never exceed the limit', async () => {
    clock.advance(120_000);
    await issueCode(ctx, { channel: 'email', target: 'race@example.com', scene: 'register', ip: null, lang: 'en' });
    const real = await delivered('race@example.com');
    const wrong = Array.from({ length: 50 }, (_, i) => String((Number(real) + 1 + i) % 1_000_000).padStart(6, '0'));
    await Promise.all(wrong.map((w) => attempt('race@example.com', w)));
    const row = await ctx.db.selectFrom('verification_codes').select('attempts').where('target', '=', 'race@example.com').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(CODE_MAX_TRIES);
    expect(await attempt('race@example.com', real)).toBe('code_attempts_exceeded');
  });

  it('writes the message in the caller language', async () => {
    await issueCode(ctx, { channel: 'sms', target: '+86 13800000000', scene: 'register', ip: null, lang: 'zh' });
    const row = await ctx.db.selectFrom('outbox').selectAll().where('target', '=', '+86 13800000000').executeTakeFirstOrThrow();
    expect(row.channel).toBe('sms');
    expect(row.body).toMatch(/验证码是 \d{6}/);
  });
});
