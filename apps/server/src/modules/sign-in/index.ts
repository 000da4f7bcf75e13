/**
 * Sign-in throttling shared by user and operator sign-in: sliding failure counters
 * (`identity_events`) and known devices (`login_devices`). A leaf: it imports no other module.
 */
export {
  SIGN_IN_WINDOW_MS,
  checkSignIn,
  signInFailed,
  signInSucceeded,
  deviceFromRequest,
  setDeviceCookie,
  type SignInAttempt,
  type SignInScope,
} from './throttle';
export { recordEvent } from './counters';
