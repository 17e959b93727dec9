import { OperationType, enterpriseSchema, updateEnterpriseSchema, type Enterprise } from '@ptt/contracts';
import type { z } from 'zod';
import type { Db } from '../db/db';
import { iso } from '../db/sql';
import type { Caller } from '../http/caller';
import { defineRoute, type RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';
import { writeOperation } from '../records/operation-log';

async function readEnterprise(db: Db, entId: number): Promise<Enterprise> {
  const r = await db.query<Enterprise>(
    `select e.id, e.name, ${iso('e.valid_until')} as "validUntil", e.max_members as "maxMembers",
            e.max_channels as "maxChannels", e.max_file_bytes as "maxFileBytes",
            (select count(*)::int from users u where u.ent_id = e.id) as members,
            (select count(*)::int from channels c where c.ent_id = e.id and c.disbanded_at is null) as channels,
            (select c.id from channels c where c.ent_id = e.id and c.is_enterprise and c.disbanded_at is null) as "enterpriseChannelId"
       from enterprises e where e.id = $1`,
    [entId],
  );
  return r.rows[0]!;
}

const COLUMNS: Record<string, string> = {
  name: 'name',
  validUntil: 'valid_until',
  maxMembers: 'max_members',
  maxChannels: 'max_channels',
  maxFileBytes: 'max_file_bytes',
};

async function updateEnterprise(db: Db, caller: Caller, body: z.output<typeof updateEnterpriseSchema>): Promise<Enterprise> {
  const entries = Object.entries(body).filter(([, v]) => v !== undefined);
  if (entries.length > 0) {
    await db.transaction(async (tx) => {
      const sets = entries.map(([k], i) => `${COLUMNS[k]} = $${i + 2}`).join(', ');
      await tx.query(`update enterprises set ${sets} where id = $1`, [caller.entId, ...entries.map(([, v]) => v)]);
      await writeOperation(tx, caller, OperationType.EnterpriseUpdate, { changes: entries.map(([k]) => k) });
    });
  }
  return readEnterprise(db, caller.entId);
}

export function enterpriseRoutes({ db }: ModuleDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/api/enterprise', summary: "The caller's enterprise: validity, quotas and usage",
      tag: 'enterprise', auth: 'enterprise.read', response: enterpriseSchema,
      handler: ({ caller }) => readEnterprise(db, caller.entId),
    }),
    defineRoute({
      method: 'PATCH', url: '/api/enterprise', summary: 'Change name, validity period or quotas (super admin)',
      tag: 'enterprise', auth: 'enterprise.update', body: updateEnterpriseSchema, response: enterpriseSchema,
      audits: [OperationType.EnterpriseUpdate],
      handler: ({ caller, body }) => updateEnterprise(db, caller, body),
    }),
  ];
}
