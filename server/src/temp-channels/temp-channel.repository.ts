import { tempChannelChatId, type TempChannel, type TempChannelMember } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { iso } from '../db/sql';

// SQL of temporary channels. Every statement names the enterprise, or a temporary channel id the
// service has already found in the caller's enterprise.

interface Row {
  id: number;
  entId: number;
  createdBy: number;
  createdAt: string;
  closedAt: string | null;
  closedBy: number | null;
}

const COLUMNS = `t.id, t.ent_id as "entId", t.created_by as "createdBy", ${iso('t.created_at')} as "createdAt",
  ${iso('t.closed_at')} as "closedAt", t.closed_by as "closedBy"`;
const ids = (list: readonly number[]) => JSON.stringify(list);

export interface PickedUser {
  id: number;
  locked: boolean;
}

/** Locks the creator's users row: starts by one creator run one after another. */
export async function lockCreator(q: Queryable, entId: number, userId: number): Promise<boolean> {
  const r = await q.query('select id from users where ent_id = $1 and id = $2 for update', [entId, userId]);
  return r.rows.length > 0;
}

/** The picked users that exist in the enterprise, with their lock flag. */
export async function pickedUsers(q: Queryable, entId: number, userIds: readonly number[]): Promise<PickedUser[]> {
  const r = await q.query<PickedUser>(
    'select id, locked from users where ent_id = $1 and id in (select value::int from jsonb_array_elements_text($2::jsonb)) order by id',
    [entId, ids(userIds)],
  );
  return r.rows;
}

/** Closes the creator's open temporary channel, if any; returns its id. */
export async function closeOpenOf(q: Queryable, entId: number, creatorId: number): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    'update temp_channels set closed_at = now(), closed_by = $2 where ent_id = $1 and created_by = $2 and closed_at is null returning id',
    [entId, creatorId],
  );
  return r.rows[0]?.id ?? null;
}

export async function insert(q: Queryable, entId: number, creatorId: number, memberIds: readonly number[]): Promise<number> {
  const r = await q.query<{ id: number }>('insert into temp_channels (ent_id, created_by) values ($1, $2) returning id', [entId, creatorId]);
  const id = r.rows[0]!.id;
  await q.query(
    `insert into temp_channel_members (temp_channel_id, user_id, ent_id)
     select $1, value::int, $2 from jsonb_array_elements_text($3::jsonb)`,
    [id, entId, ids(memberIds)],
  );
  return id;
}

/** The row locked for hanging up; null when it is not of this enterprise. */
export async function lockOne(q: Queryable, entId: number, id: number): Promise<{ closed: boolean } | null> {
  const r = await q.query<{ closed: boolean }>('select closed_at is not null as closed from temp_channels where ent_id = $1 and id = $2 for update', [
    entId,
    id,
  ]);
  return r.rows[0] ?? null;
}

export async function close(q: Queryable, id: number, closedBy: number): Promise<void> {
  await q.query('update temp_channels set closed_at = now(), closed_by = $2 where id = $1 and closed_at is null', [id, closedBy]);
}

async function membersOf(q: Queryable, tempIds: readonly number[]): Promise<Map<number, TempChannelMember[]>> {
  const r = await q.query<TempChannelMember & { tempId: number }>(
    `select m.temp_channel_id as "tempId", u.id as uid, u.account, u.nickname
       from temp_channel_members m join users u on u.id = m.user_id
      where m.temp_channel_id in (select value::int from jsonb_array_elements_text($1::jsonb))
      order by m.temp_channel_id, u.id`,
    [ids(tempIds)],
  );
  const out = new Map<number, TempChannelMember[]>();
  for (const { tempId, ...member } of r.rows) out.set(tempId, [...(out.get(tempId) ?? []), member]);
  return out;
}

async function withMembers(q: Queryable, rows: Row[]): Promise<TempChannel[]> {
  const members = rows.length ? await membersOf(q, rows.map((r) => r.id)) : new Map<number, TempChannelMember[]>();
  return rows.map((r) => ({
    id: r.id,
    chatId: tempChannelChatId(r.entId, r.id),
    createdBy: r.createdBy,
    members: members.get(r.id) ?? [],
    state: r.closedAt === null ? 'open' : 'closed',
    createdAt: r.createdAt,
    closedAt: r.closedAt,
    closedBy: r.closedBy,
  }));
}

export async function find(q: Queryable, entId: number, id: number): Promise<TempChannel | null> {
  const r = await q.query<Row>(`select ${COLUMNS} from temp_channels t where t.ent_id = $1 and t.id = $2`, [entId, id]);
  return (await withMembers(q, r.rows))[0] ?? null;
}

/** The open temporary channels a user is in (as creator or member), newest first. */
export async function openOf(q: Queryable, entId: number, userId: number): Promise<TempChannel[]> {
  const r = await q.query<Row>(
    `select ${COLUMNS} from temp_channels t
      where t.ent_id = $1 and t.closed_at is null
        and exists (select 1 from temp_channel_members m where m.temp_channel_id = t.id and m.user_id = $2)
      order by t.id desc`,
    [entId, userId],
  );
  return withMembers(q, r.rows);
}
