/**
 * The open WebSockets of each user, so that a workflow message reaches the people concerned at
 * once (issue 7 "messages"). The socket only says "something new": the client then reads its
 * messages through the API, which applies every access rule, so nothing private travels here.
 * One hub per app (a process serving several apps, as tests do, keeps them apart).
 */
export interface HubSocket {
  send(data: string): void;
  readonly readyState: number;
}

const OPEN = 1;

export class NotificationHub {
  private readonly sockets = new Map<number, Set<HubSocket>>();

  add(userId: number, socket: HubSocket): void {
    const set = this.sockets.get(userId) ?? new Set();
    set.add(socket);
    this.sockets.set(userId, set);
  }

  remove(userId: number, socket: HubSocket): void {
    const set = this.sockets.get(userId);
    set?.delete(socket);
    if (set?.size === 0) {
      this.sockets.delete(userId);
    }
  }

  /** Tells each user's open pages that they have new messages. */
  signal(userIds: Iterable<number>): void {
    const message = JSON.stringify({ type: 'notifications' });
    for (const id of new Set(userIds)) {
      for (const socket of this.sockets.get(id) ?? []) {
        if (socket.readyState === OPEN) {
          socket.send(message);
        }
      }
    }
  }

  /** How many sockets a user has open (tests and the health view). */
  openFor(userId: number): number {
    return this.sockets.get(userId)?.size ?? 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}
