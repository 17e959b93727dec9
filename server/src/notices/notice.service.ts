import {
  NOTICE_KIND,
  NOTICE_RULES,
  OperationType,
  ServerCode,
  topics,
  type NoticeDetail,
  type NoticeFrame,
  type NoticeListQuery,
  type NoticeRecipient,
  type NoticeRecipientListQuery,
  type NoticeRuleKey,
  type Notice,
  type Page,
  type ReceivedNotice,
  type ReceivedNoticeDetail,
  type ReceivedNoticeListQuery,
} from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { notFound, type Caller } from '../http/caller';
import type { CoreDeps } from '../core-deps';
import { writeOperation } from '../audit/operation-log';
import * as repo from './notice.repository';

function noticeRule(code: ServerCode, rule: NoticeRuleKey): AppError {
  return new AppError(code, { reason: `rule.${rule}` }, NOTICE_RULES[rule]);
}

// A sent notice is final: its text is what the recipients got, so it cannot change or go twice.
const alreadySent = () => noticeRule(ServerCode.UserStatusError, 'noticeAlreadySent');

/**
 * Notices: any staff member of the enterprise writes, edits (drafts), sends and deletes them (one
 * shared board, like the fences); every change is one transaction with its operation record.
 * Sending is once: the notice is locked, so a second send, even a concurrent one, is refused.
 */
export class NoticeService {
  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'presence'>) {}

  list(caller: Caller, query: NoticeListQuery): Promise<Page<Notice>> {
    return repo.listNotices(this.deps.db, caller.entId, query);
  }

  async get(caller: Caller, id: number): Promise<NoticeDetail> {
    const notice = await repo.findNotice(this.deps.db, caller.entId, id);
    if (!notice) throw notFound('notice');
    return notice;
  }

  create(caller: Caller, body: { title: string; body: string }): Promise<NoticeDetail> {
    return this.deps.db.transaction(async (tx) => {
      const id = await repo.insertNotice(tx, caller.entId, caller.userId, body.title, body.body);
      await writeOperation(tx, caller, OperationType.NoticeAdd, { noticeId: id, title: body.title });
      return (await repo.findNotice(tx, caller.entId, id))!;
    });
  }

  /** Replaces a draft's title and text; changing nothing answers it as it is and records nothing. */
  update(caller: Caller, id: number, body: { title: string; body: string }): Promise<NoticeDetail> {
    return this.deps.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      if (before.sent) throw alreadySent();
      const { title, body: text } = body;
      const changed = [title !== before.title ? 'title' : null, text !== before.body ? 'body' : null].filter((f) => f !== null);
      if (changed.length > 0) {
        await repo.updateNotice(tx, id, caller.userId, title, text);
        await writeOperation(tx, caller, OperationType.NoticeUpdate, { noticeId: id, title, changed });
      }
      return (await repo.findNotice(tx, caller.entId, id))!;
    });
  }

  /**
   * Sends a draft to the members of the channels and to the users (ids of another enterprise, or a
   * disbanded channel, are not found). Recipients with an open connection get the Notice frame
   * now and count as delivered; the others find it in their inbox.
   */
  async send(caller: Caller, id: number, body: { channelIds: number[]; userIds: number[] }): Promise<NoticeDetail> {
    const { recipients, notice } = await this.deps.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      if (before.sent) throw alreadySent();
      const channels = await repo.liveChannels(tx, caller.entId, body.channelIds);
      if (channels.length !== body.channelIds.length) throw notFound('channel');
      const users = await repo.usersOf(tx, caller.entId, body.userIds);
      if (users.length !== body.userIds.length) throw notFound('user');
      const recipients = await repo.markSent(tx, caller.entId, id, caller.userId, channels, users);
      if (recipients.length === 0) throw noticeRule(ServerCode.ParameterError, 'noticeNoRecipients');
      await writeOperation(tx, caller, OperationType.NoticeSend, {
        noticeId: id,
        title: before.title,
        channelIds: body.channelIds,
        userIds: body.userIds,
        recipients: recipients.length,
      });
      const facts = await repo.sentFacts(tx, id);
      const notice: NoticeFrame = { noticeId: id, title: before.title, body: before.body, from: { uid: caller.userId, nickname: facts.nickname }, sentAt: facts.sentAt };
      return { recipients, notice };
    });
    await this.deliver(caller.entId, recipients, notice);
    return (await repo.findNotice(this.deps.db, caller.entId, id))!;
  }

  async remove(caller: Caller, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      await repo.deleteNotice(tx, id);
      await writeOperation(tx, caller, OperationType.NoticeDelete, { noticeId: id, title: before.title, sent: before.sent });
    });
  }

  async recipients(caller: Caller, id: number, query: NoticeRecipientListQuery): Promise<Page<NoticeRecipient>> {
    await this.get(caller, id);
    return repo.listRecipients(this.deps.db, id, query);
  }

  /** The caller's received notices; opening the inbox delivers what had not reached them. */
  async inbox(caller: Caller, query: ReceivedNoticeListQuery): Promise<Page<ReceivedNotice>> {
    await repo.deliverInbox(this.deps.db, caller.entId, caller.userId);
    return repo.listInbox(this.deps.db, caller.entId, caller.userId, query);
  }

  /** One received notice with its text; the first opening is its read time. */
  async open(caller: Caller, id: number): Promise<ReceivedNoticeDetail> {
    const notice = await repo.openReceived(this.deps.db, caller.entId, caller.userId, id);
    if (!notice) throw notFound('notice');
    return notice;
  }

  private async lock(tx: Queryable, caller: Caller, id: number): Promise<repo.LockedNotice> {
    const notice = await repo.lockNotice(tx, caller.entId, id);
    if (!notice) throw notFound('notice');
    return notice;
  }

  /**
   * After the commit: one frame per recipient on their own user topic (each person once, however
   * many chosen channels they are on). Those online by presence count as delivered once their
   * frame went out; a failing hub leaves them to their inbox, never fails the send.
   */
  private async deliver(entId: number, recipients: number[], notice: NoticeFrame): Promise<void> {
    const { hub, presence, db } = this.deps;
    const online = new Set(await presence.statuses(entId).then((list) => list.map((s) => s.uid)).catch(() => [] as number[]));
    const results = await Promise.allSettled(recipients.map((uid) => hub.publish(topics.userListen(entId, uid), NOTICE_KIND, notice)));
    const reached = recipients.filter((uid, i) => results[i]!.status === 'fulfilled' && online.has(uid));
    await repo.markDelivered(db, notice.noticeId, reached).catch(() => undefined);
  }
}
