/**
 * User sessions: opaque tokens stored hashed, their expiry and cache, and the route guard
 * `requireUser`. A leaf module (it imports no other), so every feature module can guard its
 * routes without depending on identity.
 */
export { requireUser, currentUser, optionalUser } from './guard';
export {
  createSession,
  resolveSession,
  endSession,
  endUserSessions,
  userSessions,
  SESSION_CACHE_MS,
  SESSION_IDLE_MS,
  SESSION_ABSOLUTE_MS,
} from './sessions';
