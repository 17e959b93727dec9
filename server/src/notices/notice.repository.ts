import type {
  Notice,
  NoticeDetail,
  NoticeListQuery,
  NoticeRecipient,
  NoticeRecipientListQuery,
  Page,
  ReceivedNotice,
  ReceivedNoticeDetail,
  ReceivedNoticeListQuery,
} from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { Where, fetchPage } from '../db/paging';
import { iso } from '../db/sql';

// SQL of notices, their targets and recipients. Every statement names the enterprise, or a notice
// id the service has already found in the caller's enterprise.

const count = (table: string, extra = '') => `(select count(*)::int from ${table} x where x.notice_id = n.id${extra})`;
const COLUMNS = `n.id, n.title, n.body, case when n.sent_at is null then 'draft' else 'sent' end as status,
  c.id as "creatorId", c.nickname as "creatorNickname", s.id as "senderId", s.nickname as "senderNickname",
  ${iso('n.created_at')} as "createdAt", ${iso('n.updated_at')} as "updatedAt", ${iso('n.sent_at')} as "sentAt",
  ${count('notice_targets', " and x.kind = 'channel'")} as "channelCount", ${count('notice_targets', " and x.kind = 'user'")} as "userCount",
  ${count('notice_recipients')} as "recipientCount", ${count('notice_recipients', ' and x.delivered_at is not null')} as "deliveredCount",
  ${count('notice_recipients', ' and x.read_at is not null')} as "readCount"`;
const FROM = 'notices n left join users c on c.id = n.created_by left join users s on s.id = n.sent_by';
const SORTS: Record<string, string> = { id: 'n.id', title: 'lower(n.title)', createdAt: 'n.created_at', updatedAt: 'n.updated_at', sentAt: 'n.sent_at' };

type NoticeRow = Omit<Notice, 'createdBy' | 'sentBy'> & {
  creatorId: number | null;
  creatorNickname: string | null;
  senderId: number | null;
  senderNickname: string | null;
};

const person = (uid: number | null, nickname: string | null) => (uid === null ? null : { uid, nickname: nickname ?? '' });

function toNotice({ creatorId, creatorNickname, senderId, senderNickname, ...n }: NoticeRow): Notice {
  return { ...n, createdBy: person(creatorId, creatorNickname), sentBy: person(senderId, senderNickname) };
}

export function listNotices(q: Queryable, entId: number, query: NoticeListQuery): Promise<Page<Notice>> {
  const w = new Where().add('n.ent_id = ?', entId);
  if (query.q) w.add('(n.title ilike ? or n.body ilike ?)', Where.contains(query.q), Where.contains(query.q));
  if (query.status === 'draft') w.add('n.sent_at is null');
  if (query.status === 'sent') w.add('n.sent_at is not null');
  return fetchPage<NoticeRow>(q, { columns: COLUMNS, from: FROM, where: w, sortColumns: SORTS, tieBreak: 'n.id', page: query }).then((p) => ({ ...p, items: p.items.map(toNotice) }));
}

export async function findNotice(q: Queryable, entId: number, id: number): Promise<NoticeDetail | null> {
  const r = await q.query<NoticeRow>(`select ${COLUMNS} from ${FROM} where n.ent_id = $1 and n.id = $2`, [entId, id]);
  if (!r.rows[0]) return null;
  const targets = await q.query<{ kind: 'channel' | 'user'; id: number; name: string; account: string | null }>(
    `select t.kind, t.target_id as id, t.name, u.account from notice_targets t
       left join users u on t.kind = 'user' and u.id = t.target_id
      where t.notice_id = $1 order by t.kind, t.target_id`,
    [id],
  );
  return {
    ...toNotice(r.rows[0]),
    channels: targets.rows.filter((t) => t.kind === 'channel').map((t) => ({ channelId: t.id, name: t.name })),
    users: targets.rows.filter((t) => t.kind === 'user').map((t) => ({ uid: t.id, account: t.account ?? '', nickname: t.name })),
  };
}

export interface LockedNotice {
  id: number;
  title: string;
  body: string;
  sent: boolean;
}

/** Locks the notice until the transaction ends: two sends (or a send and an edit) queue up. */
export async function lockNotice(q: Queryable, entId: number, id: number): Promise<LockedNotice | null> {
  const r = await q.query<LockedNotice>('select id, title, body, sent_at is not null as sent from notices where ent_id = $1 and id = $2 for update', [entId, id]);
  return r.rows[0] ?? null;
}

export async function insertNotice(q: Queryable, entId: number, byUserId: number, title: string, body: string): Promise<number> {
  const r = await q.query<{ id: number }>(
    'insert into notices (ent_id, title, body, created_by, updated_by) values ($1, $2, $3, $4, $4) returning id',
    [entId, title, body, byUserId],
  );
  return r.rows[0]!.id;
}

export async function updateNotice(q: Queryable, id: number, byUserId: number, title: string, body: string): Promise<void> {
  await q.query('update notices set title = $2, body = $3, updated_by = $4, updated_at = now() where id = $1', [id, title, body, byUserId]);
}

export async function deleteNotice(q: Queryable, id: number): Promise<void> {
  await q.query('delete from notices where id = $1', [id]);
}

/** These channels (live: not disbanded) of the enterprise, with their names. */
export async function liveChannels(q: Queryable, entId: number, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const r = await q.query<{ id: number; name: string }>(
    `select id, name from channels where ent_id = $1 and disbanded_at is null
        and id in (select value::int from jsonb_array_elements_text($2::jsonb)) order by id`,
    [entId, JSON.stringify(ids)],
  );
  return r.rows;
}

/** These users of the enterprise, with their nicknames. */
export async function usersOf(q: Queryable, entId: number, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const r = await q.query<{ id: number; name: string }>(
    `select id, nickname as name from users where ent_id = $1
        and id in (select value::int from jsonb_array_elements_text($2::jsonb)) order by id`,
    [entId, JSON.stringify(ids)],
  );
  return r.rows;
}

/**
 * Marks the notice sent and records its targets and recipients: the members of the channels and
 * the users, each once, without the sender. Returns the recipients' ids.
 */
export async function markSent(
  q: Queryable,
  entId: number,
  id: number,
  byUserId: number,
  channels: readonly { id: number; name: string }[],
  users: readonly { id: number; name: string }[],
): Promise<number[]> {
  const targets = [...channels.map((c) => ({ kind: 'channel', ...c })), ...users.map((u) => ({ kind: 'user', ...u }))];
  await q.query(
    `insert into notice_targets (notice_id, kind, target_id, name)
     select $1, t->>'kind', (t->>'id')::int, t->>'name' from jsonb_array_elements($2::jsonb) t`,
    [id, JSON.stringify(targets)],
  );
  const r = await q.query<{ userId: number }>(
    `insert into notice_recipients (notice_id, user_id, ent_id)
     select $1, r.user_id, $2 from (
       select m.user_id from channel_members m join users u on u.id = m.user_id
        where u.ent_id = $2 and m.channel_id in (select value::int from jsonb_array_elements_text($3::jsonb))
       union
       select id from users where ent_id = $2 and id in (select value::int from jsonb_array_elements_text($4::jsonb))
     ) r where r.user_id <> $5
     returning user_id as "userId"`,
    [id, entId, JSON.stringify(channels.map((c) => c.id)), JSON.stringify(users.map((u) => u.id)), byUserId],
  );
  await q.query('update notices set sent_at = now(), sent_by = $2, updated_at = now() where id = $1', [id, byUserId]);
  return r.rows.map((row) => row.userId).sort((a, b) => a - b);
}

/** The frame's facts of a sent notice. */
export async function sentFacts(q: Queryable, id: number): Promise<{ sentAt: string; nickname: string }> {
  const r = await q.query<{ sentAt: string; nickname: string }>(
    `select ${iso('n.sent_at')} as "sentAt", coalesce(u.nickname, '') as nickname from notices n left join users u on u.id = n.sent_by where n.id = $1`,
    [id],
  );
  return r.rows[0]!;
}

/** These recipients got it now (their connection was open when it went out). */
export async function markDelivered(q: Queryable, id: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.query(
    `update notice_recipients set delivered_at = now()
      where notice_id = $1 and delivered_at is null and user_id in (select value::int from jsonb_array_elements_text($2::jsonb))`,
    [id, JSON.stringify(userIds)],
  );
}

const RECIPIENT_SORTS: Record<string, string> = { uid: 'u.id', account: 'lower(u.account)', nickname: 'lower(u.nickname)', deliveredAt: 'r.delivered_at', readAt: 'r.read_at' };

export function listRecipients(q: Queryable, noticeId: number, query: NoticeRecipientListQuery): Promise<Page<NoticeRecipient>> {
  const w = new Where().add('r.notice_id = ?', noticeId);
  if (query.q) w.add('(u.account ilike ? or u.nickname ilike ?)', Where.contains(query.q), Where.contains(query.q));
  return fetchPage<NoticeRecipient>(q, {
    columns: `u.id as uid, u.account, u.nickname, ${iso('r.delivered_at')} as "deliveredAt", ${iso('r.read_at')} as "readAt"`,
    from: 'notice_recipients r join users u on u.id = r.user_id',
    where: w,
    sortColumns: RECIPIENT_SORTS,
    tieBreak: 'u.id',
    page: query,
  });
}

const INBOX_COLUMNS = `n.id, n.title, s.id as "senderId", s.nickname as "senderNickname", ${iso('n.sent_at')} as "sentAt",
  ${iso('r.delivered_at')} as "deliveredAt", ${iso('r.read_at')} as "readAt"`;
const INBOX_FROM = 'notice_recipients r join notices n on n.id = r.notice_id left join users s on s.id = n.sent_by';
type InboxRow = Omit<ReceivedNotice, 'from'> & { senderId: number | null; senderNickname: string | null };
const toReceived = ({ senderId, senderNickname, ...n }: InboxRow): ReceivedNotice => ({ ...n, from: person(senderId, senderNickname) });

/** Opening the inbox delivers everything in it that had not reached the user yet. */
export async function deliverInbox(q: Queryable, entId: number, userId: number): Promise<void> {
  await q.query('update notice_recipients set delivered_at = now() where ent_id = $1 and user_id = $2 and delivered_at is null', [entId, userId]);
}

export function listInbox(q: Queryable, entId: number, userId: number, query: ReceivedNoticeListQuery): Promise<Page<ReceivedNotice>> {
  const w = new Where().add('r.ent_id = ?', entId).add('r.user_id = ?', userId);
  if (query.q) w.add('(n.title ilike ? or n.body ilike ?)', Where.contains(query.q), Where.contains(query.q));
  return fetchPage<InboxRow>(q, { columns: INBOX_COLUMNS, from: INBOX_FROM, where: w, sortColumns: { sentAt: 'n.sent_at' }, tieBreak: 'n.id', page: query }).then(
    (p) => ({ ...p, items: p.items.map(toReceived) }),
  );
}

/** Opens one received notice: delivered and read from now on (the first time counts). */
export async function openReceived(q: Queryable, entId: number, userId: number, id: number): Promise<ReceivedNoticeDetail | null> {
  const r = await q.query(
    `update notice_recipients set delivered_at = coalesce(delivered_at, now()), read_at = coalesce(read_at, now())
      where ent_id = $1 and user_id = $2 and notice_id = $3`,
    [entId, userId, id],
  );
  if (r.rowCount === 0) return null;
  const row = await q.query<InboxRow & { body: string }>(
    `select ${INBOX_COLUMNS}, n.body from ${INBOX_FROM} where r.user_id = $1 and r.notice_id = $2`,
    [userId, id],
  );
  const { body, ...rest } = row.rows[0]!;
  return { ...toReceived(rest), body };
}
