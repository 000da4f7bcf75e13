import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testConfig, testContext, type TestDb } from '../../../test/helpers';
import { ManualClock } from '../../lib/clock';
import { issueCode } from './codes';
import { setSmsProvider, type OutgoingMessage } from './mailer';

let t: TestDb;
let smtp: SMTPServer;
let port = 0;
const received: Array<{ to: string[]; raw: string }> = [];

beforeAll(async () => {
  t = await openTestDb();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

describe('code delivery', () => {
  it('sends e-mail through a real SMTP server when SMTP_URL is set (nothing in the outbox)', async () => {
    const ctx = testContext(t.db, new ManualClock('2026-11-22T08:00:00Z'), testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }));
    await issueCode(ctx, { channel: 'email', target: 'smtp@example.com', scene: 'register', ip: null, lang: 'de' });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['smtp@example.com']);
    expect(received[0]!.raw).toMatch(/Subject: =\?UTF-8\?Q\?Ihr_Best=C3=A4tigungscode\?=|Subject: Ihr Bestätigungscode/);
    expect(received[0]!.raw).toMatch(/\b\d{6}\b/);
    expect(await ctx.db.selectFrom('outbox').selectAll().where('target', '=', 'smtp@example.com').execute()).toHaveLength(0);
  });

  it('falls back to the outbox without SMTP_URL and says so in the log', async () => {
    const lines: string[] = [];
    const ctx = testContext(t.db, new ManualClock('2026-11-22T08:00:00Z'));
    ctx.log = { ...ctx.log, info: (_o: unknown, msg?: string) => lines.push(String(msg)) } as typeof ctx.log;
    await issueCode(ctx, { channel: 'email', target: 'nosmtp@example.com', scene: 'register', ip: null, lang: 'en' });
    expect(await ctx.db.selectFrom('outbox').selectAll().where('target', '=', 'nosmtp@example.com').execute()).toHaveLength(1);
    expect(lines.some((l) => l.includes('SMTP_URL not set'))).toBe(true);
  });

  it('sends SMS through the installed provider', async () => {
    const sent: OutgoingMessage[] = [];
    const ctx = testContext(t.db, new ManualClock('2026-11-22T08:00:00Z'));
    setSmsProvider(ctx, { name: 'test', send: (_c, m) => Promise.resolve(void sent.push(m)) });
    await issueCode(ctx, { channel: 'sms', target: '+44 7911123456', scene: 'register', ip: null, lang: 'en' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(/\b\d{6}\b/);
  });
});
