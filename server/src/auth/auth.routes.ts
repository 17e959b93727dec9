import { OperationType, captchaSchema, changePasswordSchema, embedHandoffSchema, loginRequestSchema, sessionSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';
import { bearerToken } from '../http/bearer';

export const authRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/auth/login',
    summary: 'Log in with organisation id (optional), account and password; a captcha after repeated failures',
    tag: 'auth',
    auth: 'public',
    body: loginRequestSchema,
    response: sessionSchema,
    handler({ body, req, deps }) {
      return deps.auth.login(body, { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/auth/captcha',
    summary: 'A new image captcha (SVG), valid for two minutes and one check; at most 20 a minute per address (429/600 past it)',
    tag: 'auth',
    auth: 'public',
    response: captchaSchema,
    handler({ req, deps }) {
      return deps.auth.captchas.create(req.ip ?? null);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/logout',
    summary: 'End this session (its sockets close with 10000)',
    tag: 'auth',
    auth: 'session',
    async handler({ caller, deps }) {
      await deps.auth.logout(caller);
      return null;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/auth/me',
    summary: 'The session of this token, with its file link id and key for signed file URLs',
    tag: 'auth',
    auth: 'session',
    response: sessionSchema,
    async handler({ req, caller, deps }) {
      return deps.auth.toSession(caller, bearerToken(req) ?? '', await deps.auth.fileAccess(caller));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/embed',
    summary:
      "The SOS page embedded in another site (ADR 025): the session of the handed-off token, like /api/auth/me, only when `origin` " +
      "(the postMessage's event.origin) is on the organisation's embedding list; otherwise 2001 'rule.embedOriginNotAllowed'",
    tag: 'auth',
    auth: 'session',
    body: embedHandoffSchema,
    response: sessionSchema,
    async handler({ req, body, caller, deps }) {
      await deps.sosSettings.requireEmbedOrigin(caller, body.origin);
      return deps.auth.toSession(caller, bearerToken(req) ?? '', await deps.auth.fileAccess(caller));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/password',
    summary: 'Change the own password: old, new, confirm and a captcha; other sessions end',
    tag: 'auth',
    auth: 'self.update',
    body: changePasswordSchema,
    audits: [OperationType.UserPasswordChange],
    async handler({ body, caller, deps }) {
      await deps.auth.changePassword(caller, body);
      return null;
    },
  }),
];
