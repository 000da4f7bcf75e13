import type {} from '@fastify/rate-limit'; // route-level rateLimit config types
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser } from './auth';
import { login, ping, userInfo } from './service';
import { endSession, tokenFromHeader } from './sessions';

const langOnly = z.object({ lang: z.string().optional() });

export function identityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const auth = requireUser(ctx);

    app.post(
      '/user/login',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['identity'],
          summary: 'Log in with e-mail or mobile and password; message is the session token',
          body: z.object({
            user_string: z.string().trim().min(1).max(254),
            password: z.string().min(1).max(128),
            lang: z.string().optional(),
          }),
        },
      },
      async (req) =>
        ok(
          await login(ctx, {
            account: req.body.user_string,
            password: req.body.password,
            ip: req.ip,
            userAgent: req.headers['user-agent'] ?? null,
          }),
        ),
    );

    app.get('/user/logout', { schema: { tags: ['identity'], querystring: langOnly } }, async (req) => {
      const token = tokenFromHeader(req.headers.authorization);
      if (token) await endSession(ctx, token);
      return ok(null);
    });

    const info = async (req: Parameters<typeof currentUser>[0]) => ok(await userInfo(ctx, currentUser(req)));
    app.get('/user/info', { preHandler: auth, schema: { tags: ['identity'], querystring: langOnly } }, info);
    app.post('/user/userinfo', { preHandler: auth, schema: { tags: ['identity'], body: langOnly } }, info);

    app.get(
      '/user/pingw',
      {
        preHandler: auth,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags: ['identity'], summary: 'Records last-seen; only with a token', querystring: langOnly },
      },
      async (req) => ok(await ping(ctx, currentUser(req))),
    );
  };
}
