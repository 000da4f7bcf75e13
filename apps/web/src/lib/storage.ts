/**
 * Safe localStorage access (private mode and disabled storage must never crash the app) plus a
 * tiny observable wrapper so React components re-render when a stored value changes.
 */
import { useSyncExternalStore } from 'react';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode, quota): the value lives for this page only.
  }
}

export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // ignore
  }
}

export interface StoredValue<T> {
  get(): T;
  set(value: T | null): void;
  subscribe(listener: () => void): () => void;
  /** React hook returning the current value; re-renders on change. */
  use(): T;
}

/**
 * A localStorage key with parse/serialise functions. Values are cached so `get` returns a
 * stable reference between changes (required by useSyncExternalStore).
 */
export function storedValue<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialise: (value: T) => string,
): StoredValue<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cached: T;

  const get = (): T => {
    const raw = readStorage(key);
    if (cachedRaw === undefined || raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parse(raw);
    }
    return cached;
  };
  const notify = () => listeners.forEach((l) => l());

  if (typeof window !== 'undefined') {
    // Another tab changed the value.
    window.addEventListener('storage', (e) => {
      if (e.key === key || e.key === null) notify();
    });
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    get,
    set(value) {
      writeStorage(key, value === null ? null : serialise(value));
      notify();
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}

export function parseJson<T>(raw: string | null): T | null {
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
