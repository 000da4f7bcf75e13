import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Lang } from '@bourse/contract';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/database';
import { bootPage, pageLang } from './modules/home';
import { apiSecurityHeaders, securityHeaders } from './http/security-headers';
import { apiRateLimit } from './http/api-rate-limit';
import { installErrorHandler } from './http/error-handler';
import { refuseControlCharacters } from './http/input-guard';
import { requestLang } from './http/i18n';
import type { Clock } from './lib/clock';
import { operatorsRoutes } from './modules/operators';
import { assetsAdminRoutes, assetsRoutes } from './modules/assets';
import { chainAdminRoutes, chainRoutes } from './modules/chain';
import { contentAdminRoutes, contentRoutes } from './modules/content';
import { contractsAdminRoutes, contractsRoutes } from './modules/contracts';
import { leverAdminRoutes, leverRoutes } from './modules/lever';
import { followAdminRoutes, followRoutes } from './modules/follow';
import { identityRoutes } from './modules/identity';
import { ledgerAdminRoutes, ledgerRoutes } from './modules/ledger';
import { marketAdminRoutes, marketRoutes } from './modules/market';
import { platformAdminRoutes, platformRoutes } from './modules/platform';
import { savingsAdminRoutes, savingsRoutes } from './modules/savings';
import { spotAdminRoutes, spotRoutes } from './modules/spot';
import { Realtime } from './realtime/realtime';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language from the payload's `lang` (default en). */
    lang: Lang;
  }
}

export interface BuildOptions {
  config: Config;
  db: Database;
  clock: Clock;
  logger?: FastifyServerOptions['logger'];
}

export const BODY_LIMIT = 1024 * 1024;
/** The global per-IP limit of the API. */
export const API_CALLS_PER_MINUTE = 600;
export const UPLOAD_LIMIT = 5 * 1024 * 1024;

/** Builds the Fastify app with every module mounted under /api. Does not listen. */
export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: opts.logger ?? {
      level: opts.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.re_password'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: opts.config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = { db: opts.db, clock: opts.clock, config: opts.config, log: app.log, realtime: new Realtime() };

  app.decorateRequest('lang', 'en');
  app.decorateRequest('userId', null);
  app.decorateRequest('operator', null);
  const pageHeaders = securityHeaders();
  const apiHeaders = apiSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    // The interactive API reference (/api/docs) is a page, not an API answer.
    reply.headers(request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });

  installErrorHandler(app);
  await app.register(cors, { origin: false });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 20 } });
  // Every API call: 600 a minute per IP (the static app files are cached and cheap). Routes with
  // limits of their own (codes, logins) declare them in their config for @fastify/rate-limit.
  // Both count in this process's memory.
  apiRateLimit(app, { max: API_CALLS_PER_MINUTE });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bourse API', version: '0.1.0', description: 'Envelope {type, code, message}; see docs/architecture.md' },
      servers: [{ url: '/api' }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // A POST without a body (the client sends only the token) validates like an empty form.
      api.addHook('preValidation', (request, _reply, done) => {
        if (request.body === undefined || request.body === null) request.body = {};
        refuseControlCharacters(request);
        done();
      });
      api.addHook('preHandler', (request, _reply, done) => {
        request.lang = requestLang(request.query, request.body);
        done();
      });
      api.get('/health', { schema: { hide: true } }, async (_req, reply) => {
        try {
          await sql`select 1`.execute(ctx.db);
          return { status: 'ok' };
        } catch {
          return reply.status(503).send({ status: 'unavailable' });
        }
      });
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      // The interactive reference of the same document (Swagger UI, served from the package).
      await api.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
      await api.register(platformRoutes(ctx));
      await api.register(marketRoutes(ctx));
      await api.register(marketAdminRoutes(ctx));
      await api.register(identityRoutes(ctx));
      await api.register(ledgerRoutes(ctx));
      await api.register(operatorsRoutes(ctx));
      await api.register(ledgerAdminRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(contentAdminRoutes(ctx));
      await api.register(platformAdminRoutes(ctx));
      await api.register(assetsRoutes(ctx));
      await api.register(assetsAdminRoutes(ctx));
      await api.register(chainRoutes(ctx));
      await api.register(chainAdminRoutes(ctx));
      await api.register(contractsRoutes(ctx));
      await api.register(contractsAdminRoutes(ctx));
      await api.register(leverRoutes(ctx));
      await api.register(leverAdminRoutes(ctx));
      await api.register(followRoutes(ctx));
      await api.register(followAdminRoutes(ctx));
      await api.register(spotRoutes(ctx));
      await api.register(spotAdminRoutes(ctx));
      await api.register(savingsRoutes(ctx));
      await api.register(savingsAdminRoutes(ctx));
    },
    { prefix: '/api' },
  );

  // The built apps: the mobile web app at /, the console at /admin/.
  if (opts.config.adminDist && existsSync(opts.config.adminDist)) {
    await app.register(fastifyStatic, {
      root: opts.config.adminDist,
      prefix: '/admin/',
      decorateReply: false,
      preCompressed: true,
    });
    app.get('/admin', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
  }
  if (opts.config.webDist && existsSync(join(opts.config.webDist, 'index.html'))) {
    // index.html carries the first screen's data and markup (http/boot-page.ts); the rest is static.
    const boot = bootPage(ctx, opts.config.webDist);
    const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const page = await boot.get(pageLang(request.headers.cookie));
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(page.gzip);
      }
      return reply.send(page.html);
    };
    app.get('/', { schema: { hide: true } }, serveIndex);
    app.get('/index.html', { schema: { hide: true } }, serveIndex);
    await app.register(fastifyStatic, {
      root: opts.config.webDist,
      prefix: '/',
      decorateReply: false,
      preCompressed: true,
      index: false,
      // dist/ssr holds the server's render of Home (http/boot-page.ts): code for the server only.
      allowedPath: (path) => !path.startsWith('/ssr/'),
    });
  }
  return { app, ctx };
}
