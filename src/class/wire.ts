import type { ClientEvent } from './protocol';
import type { Ack } from './replies';

/**
 * The live class's connection to the relay (server/class/): Socket.IO to the page's own origin,
 * behind the few calls the class's slice makes of it (client.ts), so a test gives it a fake.
 */

/** Socket.IO's default path, which the relay keeps (server/class/server.ts). */
export const RELAY_PATH = '/socket.io/';
/** A request with no answer after this long is given up (the relay acks in milliseconds). */
export const ACK_MS = 8000;

/** The few things the class asks of a connection: Socket.IO's, or a test's. */
export interface Wire {
  /**
   * `connect` (also after every reconnection), `disconnect`, `connect_error` (with the error's
   * message) and the relay's events (protocol SERVER_EVENTS, with their payload).
   */
  on(event: string, fn: (payload?: unknown) => void): void;
  /** Sends one client event and resolves with its acknowledgement (rejects when none comes). */
  request(event: ClientEvent, payload: unknown): Promise<Ack>;
  close(): void;
}
export type Dial = (auth: { teacher: string } | null) => Promise<Wire>;

/** Socket.IO to the page's own origin; its code (about 13 kB gzipped) loads only now. */
export const dialRelay: Dial = async (auth) => {
  const { io } = await import('socket.io-client');
  const socket = io({ path: RELAY_PATH, ...(auth ? { auth } : {}) });
  return {
    on(event, fn) {
      if (event === 'connect_error') socket.on('connect_error', (e: Error) => fn(e.message));
      else socket.on(event, fn);
    },
    request: (event, payload) => socket.timeout(ACK_MS).emitWithAck(event, payload) as Promise<Ack>,
    close: () => void socket.disconnect(),
  };
};
