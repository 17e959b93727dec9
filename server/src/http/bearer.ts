import type { FastifyRequest } from 'fastify';

/** `Authorization: Bearer <token>`; anything else counts as no token. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
