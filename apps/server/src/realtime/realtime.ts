import type { Server } from 'socket.io';

/**
 * Fan-out to socket.io rooms. Modules publish through this; before the socket server is
 * attached (and in API-only tests) messages are dropped, which is correct: nobody listens.
 */
export class Realtime {
  private io: Server | null = null;

  attach(io: Server): void {
    this.io = io;
  }

  publish(channel: string, event: string, payload: unknown): void {
    this.io?.to(channel).emit(event, payload);
  }

  connectedClients(): number {
    return this.io?.engine.clientsCount ?? 0;
  }
}
