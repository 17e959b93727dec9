import {
  CHAT_MESSAGE_KIND,
  FILE_MESSAGE_TYPES,
  MessageType,
  Role,
  ServerCode,
  chatId as groupChatId,
  parseAnyChatId,
  personalChatId,
  topics,
  type ChatHistory,
  type ChatHistoryQuery,
  type ChatListItem,
  type ChatMessage,
  type ChatRead,
  type MessageBody,
} from '@ptt/contracts';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { BusyError } from '../http/busy-error';
import { forbidden, notFound, ruleError, type Caller } from '../http/caller';
import type { Hub } from '../ws/hub';
import * as repo from './chat.repository';
import type { SendLimiter } from './send-limiter';

/** Who acts: a REST caller or the session of a /ws2 socket. */
export type Actor = Pick<Caller, 'entId' | 'userId' | 'role'>;

/** A chat the actor may address: a channel, or the personal chat with one peer. */
type Target =
  | { kind: 'group'; entId: number; chatKey: string; channelId: number }
  | { kind: 'personal'; entId: number; chatKey: string; peerId: number };

type SendBody = MessageBody & { clientMsgId?: string | undefined };


function chatIdError(): AppError {
  return new AppError(ServerCode.ChatIdError, { field: 'chatId' });
}

function channelNotFound(): AppError {
  return new AppError(ServerCode.ChannelNotFound, { reason: 'rule.notFound', what: 'channel' });
}

async function channelState(q: Queryable, actor: Actor, channelId: number): Promise<repo.ChannelState> {
  const state = await repo.channelState(q, actor.entId, channelId, actor.userId);
  if (!state) throw channelNotFound();
  return state;
}

function requireMember(actor: Actor, state: repo.ChannelState): void {
  if (state.member) return;
  // Staff see every channel in their lists, so "not on it" is the honest answer; members see only
  // their own, and for them another channel does not exist.
  throw actor.role === Role.User ? channelNotFound() : forbidden();
}

/**
 * Group chats (members of a channel) and personal chats (two users of one enterprise): sending,
 * history, the chat list with unread counts, read markers and the system messages 200-203.
 * Sends are not administrative operations, so they write no operation record.
 */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly limiter: SendLimiter,
  ) {}

  /** The chat a chat id names, for this actor: 2008 when malformed, of another enterprise, or
   *  a personal chat the actor is not part of. */
  target(actor: Actor, chatId: string): Target {
    const ref = parseAnyChatId(chatId);
    if (!ref || ref.entId !== actor.entId) throw chatIdError();
    if (ref.kind === 'group') return { kind: 'group', entId: ref.entId, chatKey: chatId, channelId: ref.channelId };
    const [a, b] = ref.userIds;
    if (a !== actor.userId && b !== actor.userId) throw chatIdError();
    return { kind: 'personal', entId: ref.entId, chatKey: chatId, peerId: a === actor.userId ? b : a };
  }

  /** The personal chat with a user (path `/api/users/:id/...`). */
  personal(actor: Actor, peerId: number): Target {
    if (peerId === actor.userId) throw ruleError(ServerCode.ParameterError, 'cannotChangeSelf');
    return { kind: 'personal', entId: actor.entId, chatKey: personalChatId(actor.entId, actor.userId, peerId), peerId };
  }

  /** Reading: members of the channel, or the two people of a personal chat (peer must exist). */
  private async checkRead(q: Queryable, actor: Actor, t: Target): Promise<void> {
    if (t.kind === 'personal') {
      if (!(await repo.userExists(q, t.entId, t.peerId))) throw notFound('user');
      return;
    }
    requireMember(actor, await channelState(q, actor, t.channelId));
  }

  /** Sending: as reading, plus a live enabled channel, and no blacklist entry of the recipient. */
  private async checkSend(q: Queryable, actor: Actor, t: Target): Promise<void> {
    if (t.kind === 'personal') {
      await this.checkRead(q, actor, t);
      if (await repo.isBlocked(q, t.peerId, actor.userId)) throw new AppError(ServerCode.Blacklisted, { userId: t.peerId });
      return;
    }
    const state = await channelState(q, actor, t.channelId);
    if (state.disbanded) throw ruleError(ServerCode.ChannelAbnormal, 'channelDisbanded');
    requireMember(actor, state);
    if (!state.enabled) throw ruleError(ServerCode.ChannelAbnormal, 'channelSuspended');
  }

  async send(actor: Actor, t: Target, body: SendBody): Promise<ChatMessage> {
    const { clientMsgId, ...rest } = body;
    // A retry is answered before any rule: the first send passed them, and its result stands.
    if (clientMsgId) {
      const first = await repo.findByClientId(this.db, actor.userId, clientMsgId);
      if (first) return this.sameChat(first, t);
    }
    await this.checkSend(this.db, actor, t);
    const content = rest.content as { fileId?: string };
    if (FILE_MESSAGE_TYPES.includes(rest.type) && content.fileId && !(await repo.fileExists(this.db, actor.entId, content.fileId))) {
      throw notFound('file');
    }
    if (!(await this.limiter.take(`${actor.entId}/${actor.userId}`))) throw new BusyError('sendingTooFast');
    const stored = await this.db.transaction(async (tx) => {
      const id = await repo.insertMessage(tx, {
        entId: t.entId,
        chatKey: t.chatKey,
        channelId: t.kind === 'group' ? t.channelId : null,
        fromUserId: actor.userId,
        toUserId: t.kind === 'personal' ? t.peerId : null,
        type: rest.type,
        content: rest.content,
        clientMsgId: clientMsgId ?? null,
      });
      // Two sends with one client id raced and the other won: answer with its message.
      if (id === null) return { message: (await repo.findByClientId(tx, actor.userId, clientMsgId!))!, fresh: false };
      // Writing is reading: the sender's own message never counts as unread for them.
      await repo.markRead(tx, this.readRow(actor.userId, t, id));
      // The recipient's row lists this chat among theirs (nothing read yet).
      if (t.kind === 'personal') await repo.markRead(tx, this.readRow(t.peerId, { ...t, peerId: actor.userId }, 0));
      return { message: (await repo.findMessage(tx, id))!, fresh: true };
    });
    if (!stored.fresh) return this.sameChat(stored.message, t);
    await this.publish(t.entId, stored.message);
    return stored.message;
  }

  async history(actor: Actor, t: Target, query: ChatHistoryQuery): Promise<ChatHistory> {
    await this.checkRead(this.db, actor, t);
    return repo.history(this.db, t.chatKey, query.before, query.size);
  }

  /** Read up to `messageId` (default and at most: the latest message); never moves back. */
  async markRead(actor: Actor, t: Target, messageId?: number): Promise<ChatRead> {
    await this.checkRead(this.db, actor, t);
    const latest = await repo.latestId(this.db, t.chatKey);
    const upTo = Math.min(messageId ?? latest, latest);
    const lastReadId = await repo.markRead(this.db, this.readRow(actor.userId, t, upTo));
    return { chatId: t.chatKey, lastReadId, unread: await repo.unreadCount(this.db, actor.userId, t.chatKey, lastReadId) };
  }

  /** The actor's chats, the most recently active first, then by title. */
  async list(actor: Actor): Promise<ChatListItem[]> {
    const rows = await repo.listChats(this.db, actor.entId, actor.userId);
    const last = await repo.messagesByIds(this.db, rows.flatMap((r) => (r.lastId === null ? [] : [r.lastId])));
    return rows
      .sort((a, b) => (b.lastId ?? 0) - (a.lastId ?? 0) || a.title.localeCompare(b.title) || a.chatId.localeCompare(b.chatId))
      .map((r) => ({
        chatId: r.chatId,
        kind: r.kind,
        title: r.title,
        channelId: r.channelId,
        peerId: r.peerId,
        lastMessage: r.lastId === null ? null : (last.get(r.lastId) ?? null),
        unread: r.unread,
      }));
  }

  /**
   * A system message 200-203 in a channel's chat, stored and published at once. `joined`: users
   * who just joined start their read marker before it, so it is their first unread message.
   */
  system(entId: number, channelId: number, type: number, userIds: number[], byUserId: number, joined: number[] = []): Promise<ChatMessage> {
    return this.serverMessage(entId, channelId, byUserId, type, { userIds, byUserId }, (id) => joined.map((userId) => [userId, id - 1]));
  }

  /**
   * A finished PTT burst (type 8) from its talker in a channel's chat, stored and published at
   * once. Floor control checked the talker when it granted the floor, and the floor itself limits
   * the rate, so neither the send rules nor the send limiter apply. Writing is reading: the
   * talker's own burst never counts as unread for them.
   */
  pttBurst(entId: number, channelId: number, fromUserId: number, content: { fileId: string; durationMs: number }): Promise<ChatMessage> {
    return this.serverMessage(entId, channelId, fromUserId, MessageType.Ptt, content, (id) => [[fromUserId, id]]);
  }

  /**
   * The SOS card (type 6) from the member who raised it, in one of their channels, written when
   * the SOS opens (ADR 025). Clients may not send type 6, so it comes through here; writing is
   * reading for the raiser, for everyone else it is unread.
   */
  sosCard(entId: number, channelId: number, fromUserId: number, content: { sosId: number; lng?: number; lat?: number }): Promise<ChatMessage> {
    return this.serverMessage(entId, channelId, fromUserId, MessageType.Sos, content, (id) => [[fromUserId, id]]);
  }

  /**
   * A call's talk record (type 9) in the personal chat of its two parties, from the caller: the
   * call flow writes one for a call the callee missed. Once per call (its client id has a
   * character clients may not use), since a call's several end paths may each report it. Writing
   * is reading for the caller; for the callee it is unread. Null when it was written before.
   */
  async talkRecord(entId: number, callerId: number, calleeId: number, content: { callId: number; missed?: boolean; durationMs?: number }): Promise<ChatMessage | null> {
    const t: Target = { kind: 'personal', entId, chatKey: personalChatId(entId, callerId, calleeId), peerId: calleeId };
    const message = await this.db.transaction(async (tx) => {
      const clientMsgId = `call#${content.callId}`;
      const id = await repo.insertMessage(tx, { entId, chatKey: t.chatKey, channelId: null, fromUserId: callerId, toUserId: calleeId, type: MessageType.AudioTalk, content, clientMsgId });
      if (id === null) return null;
      await repo.markRead(tx, this.readRow(callerId, t, id));
      await repo.markRead(tx, this.readRow(calleeId, { ...t, peerId: callerId }, 0));
      return (await repo.findMessage(tx, id))!;
    });
    if (message) await this.publish(entId, message);
    return message;
  }

  /** A message the server writes into a channel's chat (no send rules), with the read markers
   *  `reads(id)` gives as [userId, lastReadId] pairs; published after the commit. */
  private async serverMessage(
    entId: number,
    channelId: number,
    fromUserId: number,
    type: number,
    content: unknown,
    reads: (id: number) => Array<[number, number]>,
  ): Promise<ChatMessage> {
    const t: Target = { kind: 'group', entId, chatKey: groupChatId(entId, channelId), channelId };
    const message = await this.db.transaction(async (tx) => {
      const id = (await repo.insertMessage(tx, { entId, chatKey: t.chatKey, channelId, fromUserId, toUserId: null, type, content, clientMsgId: null }))!;
      for (const [userId, lastReadId] of reads(id)) await repo.markRead(tx, this.readRow(userId, t, lastReadId));
      return (await repo.findMessage(tx, id))!;
    });
    await this.publish(entId, message);
    return message;
  }

  private sameChat(message: ChatMessage, t: Target): ChatMessage {
    if (message.chatId !== t.chatKey) throw new AppError(ServerCode.AlreadyExists, { field: 'clientMsgId' });
    return message;
  }

  private readRow(userId: number, t: Target, lastReadId: number): repo.ReadRow {
    return {
      userId,
      chatKey: t.chatKey,
      entId: t.entId,
      channelId: t.kind === 'group' ? t.channelId : null,
      peerId: t.kind === 'personal' ? t.peerId : null,
      lastReadId,
    };
  }

  /** After the commit; a failing hub must not turn a stored message into an error answer.
   *  Personal messages also go to the sender's own topic: their other tabs and devices. */
  private async publish(entId: number, m: ChatMessage): Promise<void> {
    const topicList =
      m.channelId !== null
        ? [topics.channelListen(entId, m.channelId)]
        : [topics.userListen(entId, m.toUserId!), topics.userListen(entId, m.from.uid)];
    for (const topic of topicList) await this.hub.publish(topic, CHAT_MESSAGE_KIND, m).catch(() => undefined);
  }
}
