import { OperationType, PLATFORM_ENTERPRISE_FIELDS, ServerCode, type Enterprise, type updateEnterpriseSchema } from '@ptt/contracts';
import type { z } from 'zod';
import { writeOperation } from '../audit/operation-log';
import type { Db } from '../db/db';
import { ruleError, type Caller } from '../http/caller';
import { INTERNAL_TOPICS, type Hub } from '../ws/hub';
import { ENTERPRISE_COLUMNS, EnterpriseAdminRepository, type EnterpriseField } from './enterprise-admin.repository';

type Update = z.output<typeof updateEnterpriseSchema>;

const isField = (k: string): k is EnterpriseField => k in ENTERPRISE_COLUMNS;

/**
 * The organisation's own settings (ADR 011). Nothing here may lock the organisation out: the
 * validity period is the platform operator's (2001), and a member or channel quota below what is
 * in use (2004) would only leave the organisation unable to add anyone or anything back.
 */
export class EnterpriseService {
  private readonly repo = new EnterpriseAdminRepository();

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
  ) {}

  read(caller: Caller): Promise<Enterprise> {
    return this.repo.read(this.db, caller.entId);
  }

  async update(caller: Caller, body: Update): Promise<Enterprise> {
    for (const field of PLATFORM_ENTERPRISE_FIELDS) {
      if (body[field] !== undefined) throw ruleError(ServerCode.InsufficientPermissions, 'platformManagedSetting', { field });
    }
    const changes = Object.entries(body).filter((e): e is [EnterpriseField, string | number] => e[1] !== undefined && isField(e[0]));
    if (changes.length === 0) return this.read(caller);
    const updated = await this.db.transaction(async (tx) => {
      // Locking the row queues this behind user and channel creations, which lock it for their quota.
      const current = await this.repo.read(tx, caller.entId, true);
      if (body.maxMembers !== undefined && body.maxMembers < current.members) {
        throw ruleError(ServerCode.ParameterError, 'quotaBelowUse', { field: 'maxMembers', inUse: current.members });
      }
      if (body.maxChannels !== undefined && body.maxChannels < current.channels) {
        throw ruleError(ServerCode.ParameterError, 'quotaBelowUse', { field: 'maxChannels', inUse: current.channels });
      }
      await this.repo.update(tx, caller.entId, changes);
      await writeOperation(tx, caller, OperationType.EnterpriseUpdate, { changes: changes.map(([k]) => k) });
      return { before: current, after: await this.repo.read(tx, caller.entId) };
    });
    // Fence schedules are read in the organisation's time zone: every node drops its copy of the
    // organisation's fences (which holds the zone) once the change is committed.
    if (updated.before.timeZone !== updated.after.timeZone) {
      await this.hub.publish(INTERNAL_TOPICS.fences, 'FencesChanged', { entId: caller.entId }).catch(() => undefined);
    }
    return updated.after;
  }
}
