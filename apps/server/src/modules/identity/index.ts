import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { identityAdminRoutes } from './admin-routes';
import { fileRoutes } from './file-routes';
import { outboxAdminRoutes } from './outbox-routes';
import { identityRoutes as userRoutes } from './routes';

/** Every identity route (user API, uploads, console API). */
export function identityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(userRoutes(ctx));
    await app.register(fileRoutes(ctx));
    await app.register(identityAdminRoutes(ctx));
    await app.register(outboxAdminRoutes(ctx));
  };
}
export { requireKyc, isKycApproved, kycRequiredFeatures } from './kyc';
export { setSmsProvider, type SmsProvider, type OutgoingMessage } from './mailer';
export { consumeCode, issueCode, type Scene } from './codes';
export { ownTarget } from './account';
export { usersByIds, findBookAddress, boundCardFields, type UserContact, type BookAddress } from './user-lookup';
export { userLabels, publicProfiles, type UserLabel } from './user-labels';
export { ensureDemoUser } from './demo-users';
