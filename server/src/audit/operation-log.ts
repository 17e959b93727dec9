import type { Queryable } from '../db/db';
import type { Caller } from '../http/caller';

/**
 * Writes one operation record (spec: operation id, user id, account, type, device, ip, time).
 * Called inside the same transaction as the change, so a change is never left unaudited.
 */
export async function writeOperation(q: Queryable, caller: Caller, type: number, detail: Record<string, unknown> = {}): Promise<void> {
  await q.query(
    `insert into operation_logs (ent_id, user_id, account, type, device, ip, detail)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [caller.entId, caller.userId, caller.account, type, caller.device, caller.ip, JSON.stringify(detail)],
  );
}
