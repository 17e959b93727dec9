import {
  CHANNEL_DETAIL_MEMBERS_MAX,
  OperationType,
  RULES,
  Role,
  ServerCode,
  topics,
  type Channel,
  type ChannelDetail,
  type ChannelChangeFrame,
  type ChannelListQuery,
  type ChannelMember,
  type ChannelMemberListQuery,
  type Page,
} from '@ptt/contracts';
import type { Db, Queryable } from '../db/db';
import type { DomainEvents } from '../events/domain-events';
import { AppError } from '../http/app-error';
import { forbidden, notFound, ruleError, type Caller } from '../http/caller';
import { writeOperation } from '../audit/operation-log';
import type { Hub } from '../ws/hub';
import { publishMembership } from '../ws/membership';
import * as repo from './channel.repository';
import { MatchCache } from './match-cache';

/** What the real-time frames say; clients refetch whatever they show. */
export type ChannelChangeAction = ChannelChangeFrame['action'];

/**
 * Real-time frames, published after the commit:
 * - `ChannelChange` on `topics.entListen(entId)`: `{ action, channelId, name, enabled }`; action
 *   `members` when people were added or removed, so every console's member counts follow.
 * - `ChannelStatus` on `topics.channelListen(entId, channelId)`: `{ channelId, enabled }` (suspend, resume).
 * - `ChannelUserAdd` on `topics.channelListen(entId, channelId)`: `{ channelId, userIds }`.
 * - `ChannelStatus` on `topics.userListen(entId, userId)` of a member whose role, level, enabled or
 *   remark in the channel changed: `{ channelId, userId, role, level, enabled }`.
 * - `ChannelUserDel` on `topics.userListen(entId, userId)` of every user who left the channel:
 *   `{ channelId, reason: 'removed' | 'disband' | 'delete' }`.
 * Domain events `channel.membersAdded | membersRemoved | disbanded | statusChanged` follow the
 * commit too (the chat writes its system messages 200-203 from them).
 */
interface Frame {
  entId: number;
  topic: string;
  t: string;
  data: unknown;
  /** Who joins (ChannelUserAdd) or leaves (ChannelUserDel) the channel with this frame. */
  membership?: { channelId: number; userIds: number[]; joined: boolean };
}

function channelNotFound(): AppError {
  return new AppError(ServerCode.ChannelNotFound, { reason: 'rule.notFound', what: 'channel' });
}

/** The unique index on live names can still refuse when two creations race past the check. */
function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

const MEMBER_FIELDS = ['role', 'level', 'remark', 'enabled'] as const;
const MEMBER_CHANGE_TYPES: Record<(typeof MEMBER_FIELDS)[number], number> = {
  role: OperationType.ChannelMemberRole,
  level: OperationType.ChannelMemberLevel,
  remark: OperationType.ChannelMemberRemark,
  enabled: OperationType.ChannelMemberStatus,
};

function isStaff(caller: Caller): boolean {
  return caller.role !== Role.User;
}

export class ChannelService {
  /** This node's kept member-search matches (match-cache.ts): each use is checked against the database. */
  private readonly matches = new MatchCache();

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly events: DomainEvents,
  ) {}

  list(caller: Caller, query: ChannelListQuery): Promise<Page<Channel>> {
    return repo.listChannels(this.db, caller.entId, query, isStaff(caller) ? null : caller.userId);
  }

  async get(caller: Caller, id: number): Promise<ChannelDetail> {
    await this.readable(caller, id);
    return (await this.detail(this.db, caller.entId, id))!;
  }

  async listMembers(caller: Caller, id: number, query: ChannelMemberListQuery): Promise<Page<ChannelMember>> {
    await this.readable(caller, id);
    return repo.listMembers(this.db, caller.entId, id, query, this.matches);
  }

  async create(caller: Caller, body: { name: string; memberIds?: number[] | undefined }): Promise<ChannelDetail> {
    const memberIds = body.memberIds ?? [];
    const detail = await this.db.transaction(async (tx) => {
      const quota = await repo.lockChannelQuota(tx, caller.entId);
      if (quota.live >= quota.max) throw ruleError(ServerCode.ChannelQuotaExceeded, 'channelQuotaExceeded', { max: quota.max });
      await this.checkNameFree(tx, caller.entId, body.name, null);
      await this.checkNewMembers(tx, caller.entId, null, memberIds);
      const id = await this.guardName(() => repo.insertChannel(tx, caller.entId, body.name));
      await repo.insertMembers(tx, caller.entId, id, memberIds.map((userId) => ({ userId })));
      // Creation is one change: its initial members travel in the same record.
      await writeOperation(tx, caller, OperationType.ChannelAdd, { channelId: id, name: body.name, memberIds });
      return (await this.detail(tx, caller.entId, id))!;
    });
    const frames = [this.changeFrame(caller, 'create', detail)];
    if (memberIds.length > 0) frames.push(this.userAddFrame(caller, detail.id, memberIds));
    await this.publish(frames);
    if (memberIds.length > 0) await this.events.emit('channel.membersAdded', { entId: caller.entId, channelId: detail.id, userIds: memberIds, byUserId: caller.userId });
    return detail;
  }

  /** Renaming to the current name changes and records nothing. */
  async rename(caller: Caller, id: number, name: string): Promise<Channel> {
    const { changed, channel } = await this.db.transaction(async (tx) => {
      const locked = await this.lockLive(tx, caller, id);
      const same = locked.name === name;
      if (!same) {
        await this.checkNameFree(tx, caller.entId, name, id);
        await this.guardName(() => repo.renameChannel(tx, id, name));
        await writeOperation(tx, caller, OperationType.ChannelUpdate, { channelId: id, from: locked.name, to: name });
      }
      return { changed: !same, channel: (await repo.findChannel(tx, caller.entId, id))! };
    });
    if (changed) await this.publish([this.changeFrame(caller, 'update', channel)]);
    return channel;
  }

  /** Suspend (false) or resume (true). Asking for the current state changes and records nothing. */
  async setEnabled(caller: Caller, id: number, enabled: boolean): Promise<Channel> {
    const { changed, channel } = await this.db.transaction(async (tx) => {
      const locked = await this.lockLive(tx, caller, id, { ownIfDispatcher: true });
      const same = locked.enabled === enabled;
      if (!same) {
        await repo.setChannelEnabled(tx, id, enabled);
        const type = enabled ? OperationType.ChannelResume : OperationType.ChannelSuspend;
        await writeOperation(tx, caller, type, { channelId: id, name: locked.name });
      }
      return { changed: !same, channel: (await repo.findChannel(tx, caller.entId, id))! };
    });
    if (changed) {
      await this.publish([
        this.changeFrame(caller, enabled ? 'resume' : 'suspend', channel),
        { entId: caller.entId, topic: topics.channelListen(caller.entId, id), t: 'ChannelStatus', data: { channelId: id, enabled } },
      ]);
      await this.events.emit('channel.statusChanged', { entId: caller.entId, channelId: id, enabled, byUserId: caller.userId });
    }
    return channel;
  }

  /** Removes every member and frees the name; the row stays (history keeps its id). */
  async disband(caller: Caller, id: number): Promise<Channel> {
    const { channel, removed } = await this.db.transaction(async (tx) => {
      const locked = await this.lockExisting(tx, caller, id);
      if (locked.isEnterprise) throw ruleError(ServerCode.EnterpriseChannelNotDeletable, 'enterpriseChannelNotDeletable');
      if (locked.disbanded) throw ruleError(ServerCode.ChannelAbnormal, 'channelDisbanded');
      const userIds = await repo.disbandChannel(tx, id);
      await writeOperation(tx, caller, OperationType.ChannelDisband, { channelId: id, name: locked.name, memberIds: userIds });
      return { channel: (await repo.findChannel(tx, caller.entId, id))!, removed: userIds };
    });
    // Before the frames: listeners (the chat's message 202) still reach the leavers' sockets.
    await this.events.emit('channel.disbanded', { entId: caller.entId, channelId: id, userIds: removed, byUserId: caller.userId });
    await this.publish([this.changeFrame(caller, 'disband', channel), ...this.userDelFrames(caller, id, removed, 'disband')]);
    return channel;
  }

  /** Deletes the row for good. A disbanded channel may be deleted (that is how its history goes). */
  async remove(caller: Caller, id: number): Promise<void> {
    const { channel, removed } = await this.db.transaction(async (tx) => {
      const locked = await this.lockExisting(tx, caller, id);
      if (locked.isEnterprise) throw ruleError(ServerCode.EnterpriseChannelNotDeletable, 'enterpriseChannelNotDeletable');
      const userIds = await repo.deleteChannel(tx, id);
      await writeOperation(tx, caller, OperationType.ChannelDelete, { channelId: id, name: locked.name, memberIds: userIds });
      return { channel: locked, removed: userIds };
    });
    await this.publish([this.changeFrame(caller, 'delete', channel), ...this.userDelFrames(caller, id, removed, 'delete')]);
  }

  async addMembers(caller: Caller, id: number, body: { members: repo.NewMember[] }): Promise<ChannelMember[]> {
    const userIds = body.members.map((m) => m.userId);
    const { added, channel } = await this.db.transaction(async (tx) => {
      const channel = await this.lockLive(tx, caller, id, { ownIfDispatcher: true });
      await this.checkNewMembers(tx, caller.entId, id, userIds);
      await repo.insertMembers(tx, caller.entId, id, body.members);
      // One request is one change: the record lists every user it added.
      await writeOperation(tx, caller, OperationType.ChannelMemberAdd, { channelId: id, userIds });
      return { added: await repo.membersByIds(tx, id, userIds), channel };
    });
    await this.publish([this.userAddFrame(caller, id, userIds), this.changeFrame(caller, 'members', channel)]);
    // After the frames: the joiners' sockets follow the channel by now and see what listeners send.
    await this.events.emit('channel.membersAdded', { entId: caller.entId, channelId: id, userIds, byUserId: caller.userId });
    return added;
  }

  /** Each changed field is its own change with its own operation type; unchanged fields write nothing. */
  async updateMember(caller: Caller, id: number, userId: number, changes: repo.MemberChanges): Promise<ChannelMember> {
    const { member, changed } = await this.db.transaction(async (tx) => {
      await this.lockLive(tx, caller, id, { ownIfDispatcher: true });
      const before = await repo.findMember(tx, id, userId);
      if (!before) throw notFound('member');
      // An empty remark clears it.
      const wanted: repo.MemberChanges = changes.remark === '' ? { ...changes, remark: null } : changes;
      const changed: repo.MemberChanges = {};
      for (const key of MEMBER_FIELDS) {
        if (wanted[key] === undefined || wanted[key] === before[key]) continue;
        Object.assign(changed, { [key]: wanted[key] });
        await writeOperation(tx, caller, MEMBER_CHANGE_TYPES[key], { channelId: id, userId, from: before[key], to: wanted[key] });
      }
      await repo.updateMember(tx, id, userId, changed);
      return { member: (await repo.findMember(tx, id, userId))!, changed: Object.keys(changed).length > 0 };
    });
    if (changed) await this.publish([this.memberStatusFrame(caller, id, member)]);
    return member;
  }

  async removeMember(caller: Caller, id: number, userId: number): Promise<void> {
    const channel = await this.db.transaction(async (tx) => {
      const channel = await this.lockLive(tx, caller, id, { ownIfDispatcher: true });
      if (!(await repo.removeMember(tx, id, userId))) throw notFound('member');
      await writeOperation(tx, caller, OperationType.ChannelMemberRemove, { channelId: id, userId });
      return channel;
    });
    // Before the frame: the chat's message 201 still reaches the removed member's sockets.
    await this.events.emit('channel.membersRemoved', { entId: caller.entId, channelId: id, userIds: [userId], byUserId: caller.userId });
    await this.publish([...this.userDelFrames(caller, id, [userId], 'removed'), this.changeFrame(caller, 'members', channel)]);
  }

  private async detail(q: Queryable, entId: number, id: number): Promise<ChannelDetail | null> {
    const channel = await repo.findChannel(q, entId, id);
    return channel && { ...channel, members: await repo.firstMembers(q, id, CHANNEL_DETAIL_MEMBERS_MAX) };
  }

  /** Ordinary members only see channels they are on; anything else is "not found" (no leak). */
  private async readable(caller: Caller, id: number): Promise<Channel> {
    const channel = await repo.findChannel(this.db, caller.entId, id);
    if (!channel) throw channelNotFound();
    if (!isStaff(caller) && !(await repo.isMember(this.db, id, caller.userId))) throw channelNotFound();
    return channel;
  }

  /**
   * Locks a channel of the caller's enterprise. With `ownIfDispatcher`, a dispatcher must be on the
   * channel (admins and super admins act on every channel of their enterprise).
   */
  private async lockExisting(tx: Queryable, caller: Caller, id: number, opts: { ownIfDispatcher?: boolean } = {}): Promise<repo.LockedChannel> {
    const channel = await repo.lockChannel(tx, caller.entId, id);
    if (!channel) throw channelNotFound();
    if (opts.ownIfDispatcher && caller.role === Role.Dispatcher && !(await repo.isMember(tx, id, caller.userId))) throw forbidden();
    return channel;
  }

  /** As lockExisting, and refuses a disbanded channel (2016). */
  private async lockLive(tx: Queryable, caller: Caller, id: number, opts: { ownIfDispatcher?: boolean } = {}): Promise<repo.LockedChannel> {
    const channel = await this.lockExisting(tx, caller, id, opts);
    if (channel.disbanded) throw ruleError(ServerCode.ChannelAbnormal, 'channelDisbanded');
    return channel;
  }

  private async checkNameFree(tx: Queryable, entId: number, name: string, exceptId: number | null): Promise<void> {
    if (await repo.nameTaken(tx, entId, name, exceptId)) throw ruleError(ServerCode.AlreadyExists, 'channelNameExists');
  }

  private async guardName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw ruleError(ServerCode.AlreadyExists, 'channelNameExists');
      throw err;
    }
  }

  /**
   * The spec names two refusals for adding people. We answer 'memberAlreadyExists' when one
   * request names the same user twice, and 'userAlreadyOnChannel' when a user is already a member
   * of the channel. Both are 2000; data.userIds lists who. Users of another enterprise are 2012.
   */
  private async checkNewMembers(tx: Queryable, entId: number, channelId: number | null, userIds: readonly number[]): Promise<void> {
    const twice = [...new Set(userIds.filter((u, i) => userIds.indexOf(u) !== i))];
    if (twice.length > 0) throw ruleError(ServerCode.AlreadyExists, 'memberAlreadyExists', { userIds: twice });
    const known = new Set(await repo.existingUserIds(tx, entId, userIds));
    const unknown = userIds.filter((u) => !known.has(u));
    if (unknown.length > 0) throw new AppError(ServerCode.NotFound, { reason: 'rule.notFound', what: 'user', userIds: unknown }, RULES.notFound);
    if (channelId === null) return;
    const already = await repo.memberIdsAmong(tx, channelId, userIds);
    if (already.length > 0) throw ruleError(ServerCode.AlreadyExists, 'userAlreadyOnChannel', { userIds: already });
  }

  private changeFrame(caller: Caller, action: ChannelChangeAction, c: { id: number; name: string; enabled: boolean }): Frame {
    return { entId: caller.entId, topic: topics.entListen(caller.entId), t: 'ChannelChange', data: { action, channelId: c.id, name: c.name, enabled: c.enabled } };
  }

  private userAddFrame(caller: Caller, channelId: number, userIds: number[]): Frame {
    return {
      entId: caller.entId,
      topic: topics.channelListen(caller.entId, channelId),
      t: 'ChannelUserAdd',
      data: { channelId, userIds },
      membership: { channelId, userIds, joined: true },
    };
  }

  /** The member's own standing in the channel changed (role, level, enabled, remark): their devices
   *  and consoles learn it on their user topic, the channel topic stays about the channel. */
  private memberStatusFrame(caller: Caller, channelId: number, m: ChannelMember): Frame {
    return {
      entId: caller.entId,
      topic: topics.userListen(caller.entId, m.userId),
      t: 'ChannelStatus',
      data: { channelId, userId: m.userId, role: m.role, level: m.level, enabled: m.enabled },
    };
  }

  private userDelFrames(caller: Caller, channelId: number, userIds: number[], reason: 'removed' | 'disband' | 'delete'): Frame[] {
    return userIds.map((userId) => ({
      entId: caller.entId,
      topic: topics.userListen(caller.entId, userId),
      t: 'ChannelUserDel',
      data: { channelId, reason },
      membership: { channelId, userIds: [userId], joined: false },
    }));
  }

  /** The change is committed already: a failing hub must not turn it into an error answer.
   *  Joiners' sockets subscribe to the channel before its ChannelUserAdd goes out, so they see it;
   *  leavers' sockets unsubscribe after their ChannelUserDel. */
  private async publish(frames: Frame[]): Promise<void> {
    for (const f of frames) {
      const m = f.membership;
      const changes = m ? m.userIds.map((userId) => ({ entId: f.entId, userId, channelId: m.channelId, joined: m.joined })) : [];
      if (m?.joined) await publishMembership(this.hub, changes).catch(() => undefined);
      await this.hub.publish(f.topic, f.t, f.data).catch(() => undefined);
      if (m && !m.joined) await publishMembership(this.hub, changes).catch(() => undefined);
    }
  }
}
