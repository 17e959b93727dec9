import { ServerCode } from '@ptt/contracts';
import { ApiError, call, loginWeb } from './api';

export interface AdminLogin {
  url: string;
  entId: number;
  admin: string;
  adminPassword: string;
}

/** GET of the REST API, answering `data` (what the fence reads need; tests give a fake). */
export interface RestReader {
  get<T>(path: string): Promise<T>;
}

/**
 * REST reads as a console account (fences are staff-only; no device route gives them). It logs
 * in on first use and keeps the token: each web login ends that account's open console session,
 * so it logs in again only when the token is refused.
 */
export class AdminApi implements RestReader {
  private token: Promise<string> | null = null;

  constructor(private readonly o: AdminLogin) {}

  async get<T>(path: string): Promise<T> {
    try {
      return await call<T>(this.o.url, 'GET', path, await this.login());
    } catch (err) {
      const refused = err instanceof ApiError && (err.code === ServerCode.AuthorizationFailed || err.code === ServerCode.LoggedInElsewhere);
      if (!refused) throw err;
      this.token = null;
      return call<T>(this.o.url, 'GET', path, await this.login());
    }
  }

  private login(): Promise<string> {
    const { url, entId, admin, adminPassword } = this.o;
    this.token ??= loginWeb(url, entId, admin, adminPassword).then(
      (s) => s.auth_token,
      (err: unknown) => {
        this.token = null;
        throw err;
      },
    );
    return this.token;
  }
}
