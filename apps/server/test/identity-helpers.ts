import type { testApp } from './helpers';

export type H = Awaited<ReturnType<typeof testApp>>;
export type Body = { type: string | number; code: number; message: unknown; error?: string };

let ipSeq = 0;
/** A fresh client address per call, so the per-route IP limits do not couple test cases. */
export function freshIp(): string {
  ipSeq++;
  return `10.${100 + (ipSeq >> 16) % 100}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

export async function api(
  h: H,
  method: 'GET' | 'POST',
  url: string,
  payload: Record<string, unknown> = {},
  opts: { token?: string; ip?: string } = {},
): Promise<Body> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = opts.token;
  const remoteAddress = opts.ip ?? freshIp();
  const res =
    method === 'GET'
      ? await h.app.inject({
          method,
          url: url + (Object.keys(payload).length ? '?' + new URLSearchParams(payload as Record<string, string>).toString() : ''),
          headers,
          remoteAddress,
        })
      : await h.app.inject({ method, url, headers, payload, remoteAddress });
  return res.json<Body>();
}

/** The last code delivered to a target through the outbox. */
export async function lastOutboxCode(h: H, target: string): Promise<string> {
  const row = await h.ctx.db
    .selectFrom('outbox')
    .select('body')
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const m = row?.body.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in the outbox for ${target}`);
  return m[1]!;
}

/** Registers a user by e-mail through the API and returns its token. */
export async function registerByEmail(h: H, email: string, password = 'Secret123', extra: Record<string, unknown> = {}): Promise<string> {
  const sent = await api(h, 'POST', '/api/sms_mail', { user_string: email, scene: 'register' });
  if (sent.type !== 'ok') throw new Error(`sms_mail: ${JSON.stringify(sent)}`);
  const code = await lastOutboxCode(h, email.toLowerCase());
  const r = await api(h, 'POST', '/api/user/register', { type: 'email', user_string: email, code, password, re_password: password, ...extra });
  if (r.type !== 'ok') throw new Error(`register: ${JSON.stringify(r)}`);
  return r.message as string;
}
