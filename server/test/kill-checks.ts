// What server-kill.test.ts expects of the database after its kills: every acknowledged write is
// there with its operation record (and device log), and every unanswered import is all or nothing.
import { OperationType } from '@ptt/contracts';
import type { Queryable } from '../src/db/db';
import { DEMO_ENT_ID } from '../src/seed/demo';
import type { Ledger } from './kill-writers';

async function missing(db: Queryable, sql: string, items: unknown): Promise<unknown[]> {
  const r = await db.query<{ m: unknown }>(sql, [JSON.stringify(items), DEMO_ENT_ID]);
  return r.rows.map((row) => row.m);
}

export interface LostWrites {
  users: unknown[];
  userRecords: unknown[];
  messages: unknown[];
  imports: unknown[];
  importRecords: unknown[];
  /** Unanswered imports found in part, or with an operation record that does not match. */
  halfImports: unknown[];
  activations: unknown[];
  activationLogs: unknown[];
  activationRecords: unknown[];
}

export async function lostWrites(db: Queryable, ledger: Ledger): Promise<LostWrites> {
  const acked = ledger.imports.filter((i) => i.acked);
  const importedAccounts = acked.flatMap((i) => i.accounts);
  const accountIn = (table: string) =>
    `select a as m from jsonb_array_elements_text($1::jsonb) a where not exists (select 1 from ${table})`;
  const unanswered = await db.query<{ file: string; found: number; record: boolean }>(
    `select i.file, (select count(*)::int from users u where u.ent_id = $2 and u.account in (select jsonb_array_elements_text(i.accounts))) as found,
            exists (select 1 from operation_logs o where o.ent_id = $2 and o.type = $3 and o.detail->>'file' = i.file) as record
       from jsonb_to_recordset($1::jsonb) as i(file text, accounts jsonb)`,
    [JSON.stringify(ledger.imports.filter((i) => !i.acked)), DEMO_ENT_ID, OperationType.UserImport],
  );
  return {
    users: await missing(db, accountIn('users u where u.ent_id = $2 and u.account = a'), ledger.users),
    userRecords: await missing(
      db,
      accountIn(`operation_logs o where o.ent_id = $2 and o.type = ${OperationType.UserAdd} and o.detail->>'account' = a`),
      ledger.users,
    ),
    messages: await missing(
      db,
      `select m.id as m from jsonb_to_recordset($1::jsonb) as m(id int, text text)
        where not exists (select 1 from messages x where x.id = m.id and x.ent_id = $2 and x.content->>'text' = m.text)`,
      ledger.messages,
    ),
    imports: await missing(db, accountIn('users u where u.ent_id = $2 and u.account = a'), importedAccounts),
    importRecords: await missing(
      db,
      `select f as m from jsonb_array_elements_text($1::jsonb) f
        where not exists (select 1 from operation_logs o where o.ent_id = $2 and o.type = ${OperationType.UserImport} and o.detail->>'file' = f)`,
      acked.map((i) => i.file),
    ),
    halfImports: unanswered.rows.filter((r) => !(r.found === 0 && !r.record) && !(r.found === 5 && r.record)),
    activations: await missing(
      db,
      `select a.device_id as m from jsonb_to_recordset($1::jsonb) as a(device_id int, uid int)
        where not exists (select 1 from devices d where d.id = a.device_id and d.ent_id = $2 and d.user_id = a.uid and d.activated_at is not null)`,
      ledger.activations.map((a) => ({ device_id: a.deviceId, uid: a.uid })),
    ),
    activationLogs: await missing(
      db,
      `select a as m from jsonb_array_elements_text($1::jsonb) a
        where not exists (select 1 from device_logs l where l.ent_id = $2 and l.device_id = a::int and l.action = 'activated')`,
      ledger.activations.map((a) => String(a.deviceId)),
    ),
    activationRecords: await missing(
      db,
      `select a as m from jsonb_array_elements_text($1::jsonb) a
        where not exists (select 1 from operation_logs o where o.ent_id = $2 and o.type = ${OperationType.DeviceActivate} and o.detail->>'deviceId' = a)`,
      ledger.activations.map((a) => String(a.deviceId)),
    ),
  };
}

export const NOTHING_LOST: LostWrites = {
  users: [],
  userRecords: [],
  messages: [],
  imports: [],
  importRecords: [],
  halfImports: [],
  activations: [],
  activationLogs: [],
  activationRecords: [],
};
