import type { FastifyRequest } from 'fastify';
import { toStorableText } from '@ptt/contracts';
import type { ActiveSession } from '../auth/session.repository';
import type { Caller } from './caller';

/** Where a request came from, as operation and login records keep it. */
export function clientInfo(req: FastifyRequest): { ip: string | null; device: string | null } {
  const ua = req.headers['user-agent'];
  // Stored with operation and login records: a header is not refused, only made storable.
  return { ip: req.ip ?? null, device: typeof ua === 'string' ? toStorableText(ua.slice(0, 200)) : null };
}

/** The caller of an authenticated request: its session and where the request came from. */
export function callerOf(session: ActiveSession, req: FastifyRequest): Caller {
  return { ...session, ...clientInfo(req) };
}
