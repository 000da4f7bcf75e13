export { identityRoutes } from './routes';
export { requireUser, currentUser } from './auth';
export { resolveSession, createSession } from './sessions';
