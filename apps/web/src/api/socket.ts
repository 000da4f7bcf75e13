/**
 * Realtime socket (docs/product/api.md): socket.io on the page origin, websocket transport
 * only, connect time-out 5 s, reconnect delay 100 ms growing by 2 (socket.io's default factor) up
 * to 10 s. Errors are only logged. Channels are joined with `sub` and left with `unsub`; joins are
 * reference-counted and replayed after every reconnect.
 *
 * socket.io-client is loaded as its own chunk right after start-up so it stays out of the
 * initial route's JavaScript.
 *
 * The session token travels in the handshake's `auth`, so the server joins the socket to the
 * user's private channel (`user:<id>`: balances, orders, settlements). When the token changes
 * (sign-in, sign-out) the socket reconnects so that room follows the session.
 */
import { SOCKET_EVENTS } from '@bourse/contract';
import { useEffect, useRef } from 'react';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { getToken, tokenStore } from './session';

export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  transports: ['websocket'],
  timeout: 5000,
  reconnectionDelay: 100,
  reconnectionDelayMax: 10_000,
  randomizationFactor: 0,
};

let socket: Socket | null = null;
let connecting: Promise<Socket> | null = null;
const joined = new Map<string, number>();

export function connectSocket(): Promise<Socket> {
  connecting ??= import('socket.io-client').then(({ io }) => {
    // A function, so every (re)connection sends the token of that moment.
    const s = io({ ...SOCKET_OPTIONS, auth: (cb) => cb(authPayload()) });
    let token = getToken();
    tokenStore.subscribe(() => {
      const next = getToken();
      if (next === token) return;
      token = next;
      if (s.connected) s.disconnect().connect();
    });
    s.on('connect', () => {
      for (const channel of joined.keys()) s.emit(SOCKET_EVENTS.subscribe, channel);
    });
    s.on('connect_error', (err) => console.warn('[socket] connect error:', err.message));
    s.on('error', (err: unknown) => console.warn('[socket] error:', err));
    socket = s;
    return s;
  });
  return connecting;
}

function authPayload(): { token?: string } {
  const token = getToken();
  return token ? { token } : {};
}

function join(channel: string): void {
  const count = joined.get(channel) ?? 0;
  joined.set(channel, count + 1);
  if (count === 0 && socket?.connected) socket.emit(SOCKET_EVENTS.subscribe, channel);
}

function leave(channel: string): void {
  const count = joined.get(channel) ?? 0;
  if (count <= 1) {
    joined.delete(channel);
    if (socket?.connected) socket.emit(SOCKET_EVENTS.unsubscribe, channel);
  } else {
    joined.set(channel, count - 1);
  }
}

/**
 * Subscribes to a channel while the component is mounted and calls `onMessage` for each
 * message. The event name defaults to the channel's kind (`kline:BTC/USDT:1min` → `kline`).
 * Pass `null` as channel to subscribe to nothing.
 */
export function useChannel<T = unknown>(
  channel: string | null,
  onMessage: (data: T) => void,
  event?: string,
): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (!channel) return;
    const name = event ?? channel.split(':')[0] ?? channel;
    const listener = (data: T) => handler.current(data);
    let active = true;
    let attached: Socket | null = null;
    join(channel);
    connectSocket()
      .then((s) => {
        if (!active) return;
        s.on(name, listener);
        attached = s;
      })
      .catch((err: unknown) => console.warn('[socket] unavailable', err));
    return () => {
      active = false;
      attached?.off(name, listener);
      leave(channel);
    };
  }, [channel, event]);
}

/**
 * Listens to an event of the signed-in user's private channel (`user:<id>`), which the server
 * joins on connection when the handshake carries the session token. No `sub` is needed.
 */
export function useUserEvent<T = unknown>(event: string, onMessage: (data: T) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    const listener = (data: T) => handler.current(data);
    let active = true;
    let attached: Socket | null = null;
    connectSocket()
      .then((s) => {
        if (!active) return;
        s.on(event, listener);
        attached = s;
      })
      .catch((err: unknown) => console.warn('[socket] unavailable', err));
    return () => {
      active = false;
      attached?.off(event, listener);
    };
  }, [event]);
}
