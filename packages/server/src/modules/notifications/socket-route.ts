import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { authenticate, type AuthDeps } from '../auth/service';
import type { NotificationHub } from './hub';

/** A socket that has not said who it is within this time is closed. */
const HELLO_TIMEOUT_MS = 10_000;
/** Close codes the client reads: the session is not valid; the hello never came. */
export const WS_UNAUTHORIZED = 4401;
export const WS_NO_HELLO = 4408;

/*
 * GET /ws: the browser's line for "you have new messages". The page opens it and sends its session
 * token as the first message ({"token": "…"}) — never in the URL, which proxies and logs keep.
 * A valid token binds the socket to its user in the hub; anything else closes it. The server
 * sends only {"type": "ready"} and {"type": "notifications"}.
 */
export async function registerNotificationSocket(
  app: FastifyInstance,
  { auth, hub }: { auth: AuthDeps; hub: NotificationHub },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.get('/ws', { websocket: true }, (socket, request) => {
    let userId: number | null = null;
    // One hello per socket: later messages are ignored, even while the first is being checked.
    let greeted = false;
    let closed = false;
    const timer = setTimeout(() => socket.close(WS_NO_HELLO, 'no hello'), HELLO_TIMEOUT_MS);
    socket.on('message', (raw: Buffer) => {
      if (greeted) {
        return;
      }
      greeted = true;
      let token: unknown;
      let idleSeconds: unknown;
      try {
        ({ token, idleSeconds } = JSON.parse(raw.toString()) as {
          token?: unknown;
          idleSeconds?: unknown;
        });
      } catch {
        token = undefined;
      }
      if (typeof token !== 'string' || token === '') {
        socket.close(WS_UNAUTHORIZED, 'no token');
        return;
      }
      // A reconnection of a tab left alone is no use of the session (lastUseOf).
      const idle = typeof idleSeconds === 'number' ? String(idleSeconds) : undefined;
      authenticate(auth, token, request.ip, idle).then(
        (actor) => {
          clearTimeout(timer);
          // Closed while the session was checked: nothing to register.
          if (closed) {
            return;
          }
          userId = actor.userId;
          hub.add(actor.userId, socket);
          socket.send(JSON.stringify({ type: 'ready' }));
        },
        () => socket.close(WS_UNAUTHORIZED, 'session'),
      );
    });
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      if (userId !== null) {
        hub.remove(userId, socket);
      }
    });
  });
}
