import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Actor } from './actor';

/** The caller of a route whose policy requires a session (the guard has already checked it). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw new AppError('NOT_LOGGED_IN');
  }
  return request.actor;
}
