import { CHAT_UNREAD_MAX, type ChatKind, type ChatMessage } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { iso } from '../db/sql';

// SQL of the chat module. Callers have checked the enterprise and the caller's access already;
// every chat is addressed by its chat id (`chat_key`), which names the enterprise.

const MESSAGE_COLUMNS = `m.id, m.chat_key as "chatId", m.channel_id as "channelId", m.to_user_id as "toUserId",
  m.from_user_id as "fromId", u.nickname as "fromNickname", m.type, m.content, m.client_msg_id as "clientMsgId",
  ${iso('m.created_at')} as "createdAt"`;
const MESSAGE_FROM = 'messages m join users u on u.id = m.from_user_id';

interface MessageRow {
  id: number;
  chatId: string;
  channelId: number | null;
  toUserId: number | null;
  fromId: number;
  fromNickname: string;
  type: number;
  content: unknown;
  clientMsgId: string | null;
  createdAt: string;
}

function toMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    chatId: r.chatId,
    kind: r.channelId === null ? 'personal' : 'group',
    channelId: r.channelId,
    toUserId: r.toUserId,
    from: { uid: r.fromId, nickname: r.fromNickname },
    clientMsgId: r.clientMsgId,
    createdAt: r.createdAt,
    // Written through the contracts' schemas only, so type and content always agree.
    type: r.type,
    content: r.content,
  } as ChatMessage;
}

function placeholders(start: number, n: number): string {
  return Array.from({ length: n }, (_, i) => `$${start + i}`).join(', ');
}

export interface NewMessage {
  entId: number;
  chatKey: string;
  channelId: number | null;
  fromUserId: number;
  toUserId: number | null;
  type: number;
  content: unknown;
  clientMsgId: string | null;
}

/** The new message's id, or null when this sender already used the client id (a retry). */
export async function insertMessage(q: Queryable, m: NewMessage): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `insert into messages (ent_id, chat_key, channel_id, from_user_id, to_user_id, type, content, client_msg_id)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     on conflict (from_user_id, client_msg_id) where client_msg_id is not null do nothing
     returning id`,
    [m.entId, m.chatKey, m.channelId, m.fromUserId, m.toUserId, m.type, JSON.stringify(m.content), m.clientMsgId],
  );
  return r.rows[0]?.id ?? null;
}

export async function findMessage(q: Queryable, id: number): Promise<ChatMessage | null> {
  const r = await q.query<MessageRow>(`select ${MESSAGE_COLUMNS} from ${MESSAGE_FROM} where m.id = $1`, [id]);
  return r.rows[0] ? toMessage(r.rows[0]) : null;
}

export async function findByClientId(q: Queryable, fromUserId: number, clientMsgId: string): Promise<ChatMessage | null> {
  const r = await q.query<MessageRow>(`select ${MESSAGE_COLUMNS} from ${MESSAGE_FROM} where m.from_user_id = $1 and m.client_msg_id = $2`, [
    fromUserId,
    clientMsgId,
  ]);
  return r.rows[0] ? toMessage(r.rows[0]) : null;
}

/** Up to `size` messages before `before` (or the latest), oldest first, and whether older ones exist. */
export async function history(q: Queryable, chatKey: string, before: number | undefined, size: number): Promise<{ items: ChatMessage[]; hasMore: boolean }> {
  const r = await q.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from ${MESSAGE_FROM} where m.chat_key = $1 and m.id < $2 order by m.id desc limit $3`,
    [chatKey, before ?? 2_147_483_647, size + 1],
  );
  const rows = r.rows.slice(0, size).reverse();
  return { items: rows.map(toMessage), hasMore: r.rows.length > size };
}

export async function latestId(q: Queryable, chatKey: string): Promise<number> {
  const r = await q.query<{ id: number | null }>('select max(id) as id from messages where chat_key = $1', [chatKey]);
  return r.rows[0]?.id ?? 0;
}

export interface ReadRow {
  userId: number;
  chatKey: string;
  entId: number;
  channelId: number | null;
  peerId: number | null;
  lastReadId: number;
}

/** Moves a read marker forward (never back) and returns where it is. */
export async function markRead(q: Queryable, row: ReadRow): Promise<number> {
  const r = await q.query<{ lastReadId: number }>(
    `insert into chat_reads (user_id, chat_key, ent_id, channel_id, peer_id, last_read_id) values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, chat_key) do update set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id)
     returning last_read_id as "lastReadId"`,
    [row.userId, row.chatKey, row.entId, row.channelId, row.peerId, row.lastReadId],
  );
  return r.rows[0]!.lastReadId;
}

/** Messages of others after the marker, counted up to CHAT_UNREAD_MAX. */
export async function unreadCount(q: Queryable, userId: number, chatKey: string, lastReadId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from messages where chat_key = $1 and id > $2 and from_user_id <> $3 limit $4) x`,
    [chatKey, lastReadId, userId, CHAT_UNREAD_MAX],
  );
  return r.rows[0]?.n ?? 0;
}

export interface ChatRow {
  chatId: string;
  kind: ChatKind;
  title: string;
  channelId: number | null;
  peerId: number | null;
  lastId: number | null;
  unread: number;
}

/** The user's chats: live channels they are on and people they exchanged personal messages with. */
export async function listChats(q: Queryable, entId: number, userId: number): Promise<ChatRow[]> {
  const r = await q.query<ChatRow>(
    `with chats as (
       select c.ent_id::text || '-1-' || c.id::text as key, 'group' as kind, c.name as title, c.id as channel_id, null::integer as peer_id
         from channel_members cm join channels c on c.id = cm.channel_id
        where cm.user_id = $1 and c.ent_id = $2 and c.disbanded_at is null
       union all
       select r.chat_key, 'personal', u.nickname, null::integer, r.peer_id
         from chat_reads r join users u on u.id = r.peer_id
        where r.user_id = $1 and r.ent_id = $2 and r.peer_id is not null
     )
     select ch.key as "chatId", ch.kind, ch.title, ch.channel_id as "channelId", ch.peer_id as "peerId",
            (select max(m.id) from messages m where m.chat_key = ch.key) as "lastId",
            (select count(*)::int from (select 1 from messages m
               where m.chat_key = ch.key and m.id > coalesce(r.last_read_id, 0) and m.from_user_id <> $1 limit $3) x) as unread
       from chats ch left join chat_reads r on r.user_id = $1 and r.chat_key = ch.key`,
    [userId, entId, CHAT_UNREAD_MAX],
  );
  return r.rows;
}

export async function messagesByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, ChatMessage>> {
  if (ids.length === 0) return new Map();
  const r = await q.query<MessageRow>(`select ${MESSAGE_COLUMNS} from ${MESSAGE_FROM} where m.id in (${placeholders(1, ids.length)})`, ids);
  return new Map(r.rows.map((row) => [row.id, toMessage(row)]));
}

export interface ChannelState {
  enabled: boolean;
  disbanded: boolean;
  member: boolean;
}

export async function channelState(q: Queryable, entId: number, channelId: number, userId: number): Promise<ChannelState | null> {
  const r = await q.query<ChannelState>(
    `select c.enabled, (c.disbanded_at is not null) as disbanded,
            exists (select 1 from channel_members cm where cm.channel_id = c.id and cm.user_id = $3) as member
       from channels c where c.ent_id = $1 and c.id = $2`,
    [entId, channelId, userId],
  );
  return r.rows[0] ?? null;
}

export async function userExists(q: Queryable, entId: number, userId: number): Promise<boolean> {
  const r = await q.query('select 1 from users where ent_id = $1 and id = $2', [entId, userId]);
  return r.rows.length > 0;
}

/** Has `ownerId` put `blockedId` on their blacklist? */
export async function isBlocked(q: Queryable, ownerId: number, blockedId: number): Promise<boolean> {
  const r = await q.query('select 1 from user_blacklist where user_id = $1 and blocked_user_id = $2', [ownerId, blockedId]);
  return r.rows.length > 0;
}

export async function fileExists(q: Queryable, entId: number, fileId: string): Promise<boolean> {
  const r = await q.query('select 1 from files where ent_id = $1 and id = $2', [entId, fileId]);
  return r.rows.length > 0;
}
