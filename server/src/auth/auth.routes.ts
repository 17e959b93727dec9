import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginRequestSchema, type Session } from '@ptt/contracts';
import { ok, type EnvelopeBody } from '../http/envelope';
import type { AuthService } from './auth.service';

/** `Authorization: Bearer <token>`; anything else counts as no token. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post('/api/auth/login', async (req): Promise<EnvelopeBody<Session>> => {
    const body = loginRequestSchema.parse(req.body);
    const session = await auth.login(body, { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });
    return ok(session);
  });

  app.post('/api/auth/logout', async (req): Promise<EnvelopeBody<null>> => {
    const session = await auth.authenticate(bearerToken(req));
    await auth.logout(session);
    return ok(null);
  });

  app.get('/api/auth/me', async (req): Promise<EnvelopeBody<Session>> => {
    const token = bearerToken(req);
    const session = await auth.authenticate(token);
    return ok(auth.toSession(session, token ?? ''));
  });
}
