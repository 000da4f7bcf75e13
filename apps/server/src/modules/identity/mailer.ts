import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';

export interface OutgoingMessage {
  target: string;
  subject: string;
  body: string;
}

/** Sends SMS. The default writes to the outbox; a real gateway implements the same interface. */
export interface SmsProvider {
  readonly name: string;
  send(ctx: AppContext, msg: OutgoingMessage): Promise<void>;
}

async function toOutbox(ctx: AppContext, channel: 'email' | 'sms', msg: OutgoingMessage): Promise<void> {
  await ctx.db
    .insertInto('outbox')
    .values({ channel, target: msg.target, subject: msg.subject, body: msg.body, created_at: ctx.clock.now() })
    .execute();
}

export const outboxSms: SmsProvider = {
  name: 'outbox',
  async send(ctx, msg) {
    await toOutbox(ctx, 'sms', msg);
    ctx.log.info({ channel: 'sms', target: msg.target }, 'no SMS gateway configured: message written to the outbox');
  },
};

const smsProviders = new WeakMap<AppContext, SmsProvider>();

/** Installs an SMS gateway for this app (tests and deployments with a provider). */
export function setSmsProvider(ctx: AppContext, provider: SmsProvider): void {
  smsProviders.set(ctx, provider);
}

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

function fromAddress(ctx: AppContext): string {
  let host = 'localhost';
  try {
    if (ctx.config.publicOrigin) host = new URL(ctx.config.publicOrigin).hostname;
  } catch {
    // keep localhost
  }
  return `Bourse <no-reply@${host}>`;
}

/** E-mail through SMTP (SMTP_URL) or, without it, the outbox operators read in the console. */
export async function sendEmail(ctx: AppContext, msg: OutgoingMessage): Promise<void> {
  if (!ctx.config.smtpUrl) {
    await toOutbox(ctx, 'email', msg);
    ctx.log.info({ channel: 'email', target: msg.target }, 'SMTP_URL not set: e-mail written to the outbox');
    return;
  }
  try {
    await transportFor(ctx.config.smtpUrl).sendMail({ from: fromAddress(ctx), to: msg.target, subject: msg.subject, text: msg.body });
  } catch (err) {
    ctx.log.error({ err, target: msg.target }, 'e-mail delivery failed');
    throw new AppError('internal');
  }
}

export async function sendSms(ctx: AppContext, msg: OutgoingMessage): Promise<void> {
  const provider = smsProviders.get(ctx) ?? outboxSms;
  try {
    await provider.send(ctx, msg);
  } catch (err) {
    ctx.log.error({ err, provider: provider.name }, 'SMS delivery failed');
    throw new AppError('internal');
  }
}
