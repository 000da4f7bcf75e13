/**
 * Launch tasks: clear storage once when the stored h5Version is below 1, then load
 * site settings, connect the realtime socket and fetch fiat rates. The keep-alive ping runs from
 * the App component while a token exists.
 */
import { H5_VERSION, STORAGE_KEYS } from '@bourse/contract';
import { connectSocket } from '../api/socket';
import { fiatRatesQuery } from '../features/platform/api/fiat';
import { siteSettingsQuery } from '../features/platform/api/settings';
import { clearStorage, readStorage, writeStorage } from '../lib/storage';
import { queryClient } from './queryClient';

/** Runs before anything reads storage (language, token). */
export function migrateStorage(): void {
  const stored = Number(readStorage(STORAGE_KEYS.h5Version) ?? '0');
  if (!Number.isFinite(stored) || stored < H5_VERSION) {
    clearStorage();
    writeStorage(STORAGE_KEYS.h5Version, String(H5_VERSION));
  }
}

export function launch(): void {
  void queryClient.prefetchQuery(siteSettingsQuery);
  void queryClient.prefetchQuery(fiatRatesQuery);
  connectSocket().catch((err: unknown) => console.warn('[socket] could not start', err));
}
