import type { Queryable } from '../db/db';

const WINDOW_S = 15 * 60;
/** Failed logins of one account (or from one address) before a captcha is required. */
export const ACCOUNT_FAILURES_BEFORE_CAPTCHA = 3;
export const ADDRESS_FAILURES_BEFORE_CAPTCHA = 10;

export interface ThrottleKeys {
  account: string;
  address: string | null;
}

/**
 * The account key names the account the login resolved to (its enterprise and account), not the
 * request's wording: with and without the organisation id, one account shares one counter. An
 * account that resolves to nobody is keyed as asked (`*` without an organisation id).
 */
export function throttleKeys(account: { entId: number | null; account: string }, ip: string | null): ThrottleKeys {
  return { account: `acct:${account.entId ?? '*'}:${account.account.toLowerCase()}`, address: ip ? `ip:${ip}` : null };
}

/** Counts failed logins in a sliding 15-minute window, in the database so every node agrees. */
export class LoginThrottle {
  constructor(private readonly db: Queryable) {}

  async captchaRequired(keys: ThrottleKeys): Promise<boolean> {
    const r = await this.db.query<{ key: string; count: number }>(
      `select key, count from login_failures
        where key in ($1, $2) and last_at > now() - make_interval(secs => $3)`,
      [keys.account, keys.address ?? keys.account, WINDOW_S],
    );
    return r.rows.some((row) =>
      row.key === keys.account ? row.count >= ACCOUNT_FAILURES_BEFORE_CAPTCHA : row.count >= ADDRESS_FAILURES_BEFORE_CAPTCHA,
    );
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    for (const key of [keys.account, keys.address]) {
      if (!key) continue;
      await this.db.query(
        `insert into login_failures (key, count) values ($1, 1)
         on conflict (key) do update set
           count = case when login_failures.last_at > now() - make_interval(secs => $2) then login_failures.count + 1 else 1 end,
           first_at = case when login_failures.last_at > now() - make_interval(secs => $2) then login_failures.first_at else now() end,
           last_at = now()`,
        [key, WINDOW_S],
      );
    }
  }

  async clearAccount(keys: ThrottleKeys): Promise<void> {
    await this.db.query('delete from login_failures where key = $1', [keys.account]);
  }
}
