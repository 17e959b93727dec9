import { OperationType, PLATFORM_ENTERPRISE_FIELDS, ServerCode, type Enterprise, type updateEnterpriseSchema } from '@ptt/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/db';
import { iso } from '../db/sql';
import { ruleError, type Caller } from '../http/caller';
import { writeOperation } from '../records/operation-log';

type Update = z.output<typeof updateEnterpriseSchema>;

// The same counts the quota checks of user and channel creation use.
const USED = {
  members: '(select count(*)::int from users u where u.ent_id = e.id)',
  channels: '(select count(*)::int from channels c where c.ent_id = e.id and c.disbanded_at is null)',
};

export async function readEnterprise(q: Queryable, entId: number, lock = false): Promise<Enterprise> {
  const r = await q.query<Enterprise>(
    `select e.id, e.name, ${iso('e.valid_until')} as "validUntil", e.max_members as "maxMembers",
            e.max_channels as "maxChannels", e.max_file_bytes as "maxFileBytes",
            ${USED.members} as members, ${USED.channels} as channels,
            (select c.id from channels c where c.ent_id = e.id and c.is_enterprise and c.disbanded_at is null) as "enterpriseChannelId"
       from enterprises e where e.id = $1${lock ? ' for update of e' : ''}`,
    [entId],
  );
  return r.rows[0]!;
}

const COLUMNS: Record<string, string> = {
  name: 'name',
  maxMembers: 'max_members',
  maxChannels: 'max_channels',
  maxFileBytes: 'max_file_bytes',
};

/**
 * The organisation's own settings (ADR 011). Nothing here may lock the organisation out: the
 * validity period is the platform operator's (2001), and a member or channel quota below what is
 * in use (2004) would only leave the organisation unable to add anyone or anything back.
 */
export async function updateEnterprise(db: Db, caller: Caller, body: Update): Promise<Enterprise> {
  for (const field of PLATFORM_ENTERPRISE_FIELDS) {
    if (body[field] !== undefined) throw ruleError(ServerCode.InsufficientPermissions, 'platformManagedSetting', { field });
  }
  const entries = Object.entries(body).filter(([k, v]) => v !== undefined && k in COLUMNS);
  if (entries.length === 0) return readEnterprise(db, caller.entId);
  return db.transaction(async (tx) => {
    // Locking the row queues this behind user and channel creations, which lock it for their quota.
    const current = await readEnterprise(tx, caller.entId, true);
    if (body.maxMembers !== undefined && body.maxMembers < current.members) {
      throw ruleError(ServerCode.ParameterError, 'quotaBelowUse', { field: 'maxMembers', inUse: current.members });
    }
    if (body.maxChannels !== undefined && body.maxChannels < current.channels) {
      throw ruleError(ServerCode.ParameterError, 'quotaBelowUse', { field: 'maxChannels', inUse: current.channels });
    }
    const sets = entries.map(([k], i) => `${COLUMNS[k]} = $${i + 2}`).join(', ');
    await tx.query(`update enterprises set ${sets} where id = $1`, [caller.entId, ...entries.map(([, v]) => v)]);
    await writeOperation(tx, caller, OperationType.EnterpriseUpdate, { changes: entries.map(([k]) => k) });
    return readEnterprise(tx, caller.entId);
  });
}
