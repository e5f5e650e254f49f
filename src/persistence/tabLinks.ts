/** What links the tabs of one origin: a lock manager and a message channel, both injectable. */

/** The part of `navigator.locks` used here (injectable: Node has none). */
export interface LocksLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    callback: (lock: { name: string } | null) => unknown,
  ): Promise<unknown>;
}

/** A message channel between the tabs of one origin (a BroadcastChannel by default). */
export interface TabChannel {
  post(message: unknown): void;
  listen(listener: (message: unknown) => void): void;
  close(): void;
}
