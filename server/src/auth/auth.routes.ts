import { OperationType, captchaSchema, changePasswordSchema, loginRequestSchema, sessionSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';
import { bearerToken } from './bearer';

export function authRoutes({ auth }: ModuleDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/api/auth/login',
      summary: 'Log in with organisation id (optional), account and password; a captcha after repeated failures',
      tag: 'auth',
      auth: 'public',
      body: loginRequestSchema,
      response: sessionSchema,
      handler({ body, req }) {
        return auth.login(body, { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/auth/captcha',
      summary: 'A new image captcha (SVG), valid for two minutes and one check',
      tag: 'auth',
      auth: 'public',
      response: captchaSchema,
      handler() {
        return auth.captchas.create();
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/logout',
      summary: 'End this session (its sockets close with 10000)',
      tag: 'auth',
      auth: 'session',
      async handler({ caller }) {
        await auth.logout(caller);
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
      async handler({ req, caller }) {
        return auth.toSession(caller, bearerToken(req) ?? '', await auth.fileAccess(caller));
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
      async handler({ body, caller }) {
        await auth.changePassword(caller, body);
        return null;
      },
    }),
  ];
}
