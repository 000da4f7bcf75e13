import type { Socket } from 'socket.io';

/**
 * Direct writes of pre-framed broadcast frames (the fan-out hot path).
 *
 * socket.io's adapter encodes a room broadcast once and, for a text packet, also builds its
 * WebSocket frame once (`wsPreEncodedFrame`, handed to every socket of the room with the same
 * options object). It then still hands the frame to each socket through engine.io (packet object,
 * `packetCreate`/`flush`/`drain` events, write buffer, send callbacks) and ws (cork, two writes,
 * uncork, i.e. a writev). Measured on loopback with 2,000 clients, that path costs ~20 µs of CPU
 * per socket and broadcast, this one ~15 µs; what remains is mostly the write system call.
 *
 * Per connection, `enableFastBroadcast` makes socket.io's `client.writeToEngine` write such a
 * frame as one Buffer straight to the TCP socket when nothing can be ahead of it:
 *  - engine.io socket open, not upgrading, nothing in its write buffer, websocket transport
 *    writable (no send of ours still awaiting its write callback);
 *  - no per-message deflate (engine.io option or negotiated by ws);
 *  - ws connection open with an idle Sender (not deflating or reading a Blob, empty queue);
 *  - the TCP socket writable with nothing buffered (no backlog: a slow client's backlog stays in
 *    engine.io's write buffer as before, and later frames queue behind it there).
 * Anything else (binary packets, which have no pre-built frame; single-socket emits; polling;
 * backlog) takes socket.io's normal path, so every frame leaves in emit order. Rooms, `except`,
 * acks, `volatile` (only dropped when not writable, and then we do not write) and `onAnyOutgoing`
 * listeners are unaffected: the adapter still picks the sockets and calls them before this.
 * engine.io's per-packet events are not emitted for direct frames; nothing here listens to them.
 *
 * This sits below the adapter, so it serves every adapter alike. An adapter subclass would not:
 * the Redis adapter extends the in-memory one and sends both its own broadcasts and those received
 * from other processes through `super.broadcast`, which a subclass of it cannot intercept.
 * It reads private fields of engine.io 6.6 and ws 8; `enableFastBroadcast` checks their shape
 * and leaves a connection on the normal path if they differ or if it did not open as a websocket
 * (the app's server allows no other transport).
 */

/** Broadcast frames per socket: written straight to the connection, or handed to engine.io. */
export interface DeliveryCounters {
  direct: number;
  queued: number;
}

interface TcpSocket {
  readonly writable: boolean;
  readonly writableLength: number;
  write(chunk: Buffer): boolean;
}
interface WsConnection {
  readonly readyState: number;
  _socket: TcpSocket;
  _sender: { _state: number; _queue: unknown[] };
  _extensions: Record<string, unknown>;
}
interface EngineTransport {
  readonly name: string;
  writable: boolean;
  perMessageDeflate?: unknown;
  socket?: WsConnection;
}
interface EngineSocket {
  readonly readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: EngineTransport;
}
interface PacketOptions {
  wsPreEncodedFrame?: Buffer[];
}
interface SocketIoClient {
  conn: EngineSocket;
  writeToEngine(encodedPackets: unknown, opts: PacketOptions): void;
}

const WS_OPEN = 1;
const SENDER_IDLE = 0;
const enabled = new WeakSet<object>();

/** Sends pre-framed broadcasts of this socket's connection directly when safe (see above). */
export function enableFastBroadcast(socket: Socket, counters: DeliveryCounters): void {
  const client = socket.client as unknown as SocketIoClient;
  // Namespaces share the connection's client: install once.
  if (enabled.has(client) || !hasExpectedShape(client)) return;
  enabled.add(client);
  const viaEngine = client.writeToEngine.bind(client);
  client.writeToEngine = (encodedPackets, opts) => {
    const frame = opts.wsPreEncodedFrame;
    if (frame === undefined) return viaEngine(encodedPackets, opts);
    if (writeDirect(client.conn, frame)) {
      counters.direct++;
      return;
    }
    counters.queued++;
    viaEngine(encodedPackets, opts);
  };
}

function hasExpectedShape(client: SocketIoClient): boolean {
  const conn = client.conn as Partial<EngineSocket> | undefined;
  const ws = conn?.transport?.socket as Partial<WsConnection> | undefined;
  return (
    typeof client.writeToEngine === 'function' &&
    Array.isArray(conn?.writeBuffer) &&
    typeof conn.upgrading === 'boolean' &&
    conn.transport?.name === 'websocket' &&
    typeof ws?._socket?.write === 'function' &&
    typeof ws._sender?._state === 'number' &&
    Array.isArray(ws._sender._queue) &&
    typeof ws._extensions === 'object'
  );
}

function writeDirect(conn: EngineSocket, frame: Buffer[]): boolean {
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length !== 0) return false;
  const transport = conn.transport;
  if (transport.name !== 'websocket' || !transport.writable || transport.perMessageDeflate) return false;
  const ws = transport.socket;
  if (ws === undefined || ws.readyState !== WS_OPEN) return false;
  if (ws._extensions['permessage-deflate'] !== undefined) return false;
  if (ws._sender._state !== SENDER_IDLE || ws._sender._queue.length !== 0) return false;
  const tcp = ws._socket;
  if (!tcp.writable || tcp.writableLength !== 0) return false;
  tcp.write(oneBuffer(frame));
  return true;
}

// The adapter passes the same frame array to every socket of a broadcast: join header and
// payload once per broadcast, not once per socket.
let lastFrame: Buffer[] | undefined;
let lastJoined: Buffer = Buffer.alloc(0);
function oneBuffer(frame: Buffer[]): Buffer {
  if (frame !== lastFrame) {
    lastFrame = frame;
    lastJoined = frame.length === 1 ? frame[0]! : Buffer.concat(frame);
  }
  return lastJoined;
}
