import type { Enterprise } from '@ptt/contracts';
import type { Queryable, SqlParam } from '../db/db';
import { iso } from '../db/sql';

// The same counts the quota checks of user and channel creation use.
const USED = {
  members: '(select count(*)::int from users u where u.ent_id = e.id)',
  channels: '(select count(*)::int from channels c where c.ent_id = e.id and c.disbanded_at is null)',
};

/** The settings the organisation changes itself, by field name of the contracts' schema. */
export const ENTERPRISE_COLUMNS = {
  name: 'name',
  maxMembers: 'max_members',
  maxChannels: 'max_channels',
  maxFileBytes: 'max_file_bytes',
  timeZone: 'time_zone',
} as const;

export type EnterpriseField = keyof typeof ENTERPRISE_COLUMNS;

/** The enterprise as its own settings page shows it (the login side reads `auth/enterprise.repository.ts`). */
export class EnterpriseAdminRepository {
  /** With `lock`, the row stays locked until the transaction of `q` ends. */
  async read(q: Queryable, entId: number, lock = false): Promise<Enterprise> {
    const r = await q.query<Enterprise>(
      `select e.id, e.name, ${iso('e.valid_until')} as "validUntil", e.max_members as "maxMembers",
              e.max_channels as "maxChannels", e.max_file_bytes as "maxFileBytes",
              ${USED.members} as members, ${USED.channels} as channels,
              (select c.id from channels c where c.ent_id = e.id and c.is_enterprise and c.disbanded_at is null) as "enterpriseChannelId",
              e.time_zone as "timeZone"
         from enterprises e where e.id = $1${lock ? ' for update of e' : ''}`,
      [entId],
    );
    return r.rows[0]!;
  }

  async update(q: Queryable, entId: number, changes: readonly [EnterpriseField, SqlParam][]): Promise<void> {
    const sets = changes.map(([k], i) => `${ENTERPRISE_COLUMNS[k]} = $${i + 2}`).join(', ');
    await q.query(`update enterprises set ${sets} where id = $1`, [entId, ...changes.map(([, v]) => v)]);
  }
}
