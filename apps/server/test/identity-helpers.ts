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

/** The console password testConfig() gives the seeded "admin" operator. */
export const OPERATOR_PASSWORD = 'operator-pass-123';

/** Signs an operator in through the API (admin unless given) and returns the console token. */
export async function operatorToken(
  h: H,
  { username = 'admin', password = OPERATOR_PASSWORD, ip = freshIp() }: { username?: string; password?: string; ip?: string } = {},
): Promise<string> {
  const r = await api(h, 'POST', '/api/admin/login', { username, password }, { ip });
  if (r.type !== 'ok') throw new Error(`operator login: ${JSON.stringify(r)}`);
  return (r.message as { token: string }).token;
}

/** A multipart/form-data body holding one file, with its content-type header. */
export function multipart(file: Buffer, filename = 'photo.png', field = 'file', type = 'image/png') {
  const boundary = '----bourse' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a picture as the user of `token` (POST /api/upload) and returns the stored file's path. */
export async function upload(
  h: H,
  token: string,
  file: Buffer,
  { filename = 'proof.png', type = 'image/png', ip }: { filename?: string; type?: string; ip?: string } = {},
): Promise<string> {
  const m = multipart(file, filename, 'file', type);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    remoteAddress: ip,
    payload: m.payload,
    headers: { ...m.headers, authorization: token },
  });
  return res.json<Body>().message as string;
}
