import {
  OperationType,
  Role,
  ServerCode,
  can,
  topics,
  type UserDetail,
  type UserListQuery,
  type UserSummary,
} from '@ptt/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { createUserSchema, updateUserSchema } from '@ptt/contracts';
import type { AuthService } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import type { Db, Queryable } from '../db/db';
import type { DomainEvents } from '../events/domain-events';
import { receiveAvatar } from '../files/avatar-upload';
import type { FileStore } from '../files/file-store';
import { AppError } from '../http/app-error';
import { forbidden, notFound, requirePermission, ruleError, type Caller } from '../http/caller';
import { writeOperation } from '../audit/operation-log';
import { REVOKE_REASONS, type Hub } from '../ws/hub';
import { UserAdminRepository } from './user-admin.repository';

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;

const isAdminRole = (role: number): boolean => role === Role.Admin || role === Role.SuperAdmin;

/** The event payload other consoles get for a user (no secrets). */
function userEvent(u: UserSummary): Record<string, unknown> {
  return { uid: u.id, account: u.account, nickname: u.nickname, role: u.role, locked: u.locked, avatar: u.avatar };
}

/**
 * Users of one enterprise. The matrix decides who may act at all; here are the finer rules:
 * only a super admin touches admin accounts, nobody locks/deletes/demotes themselves, dispatchers
 * cannot be locked or deleted (2029) and the last dispatcher cannot be demoted (2030).
 */
export class UserService {
  readonly repo: UserAdminRepository;

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly auth: AuthService,
    private readonly events: DomainEvents,
    private readonly files: FileStore,
  ) {
    this.repo = new UserAdminRepository(db);
  }

  list(caller: Caller, q: UserListQuery, onlineIds?: readonly number[]) {
    return this.repo.list(caller.entId, q, undefined, onlineIds);
  }

  async get(caller: Caller, id: number): Promise<UserDetail> {
    if (id !== caller.userId) requirePermission(caller, 'user.read');
    const u = await this.repo.detail(caller.entId, id);
    if (!u) throw notFound('user');
    return u;
  }

  /** The target of an admin action: same enterprise, and admin accounts only for a super admin. */
  private async target(caller: Caller, id: number, q: Queryable = this.db): Promise<UserSummary> {
    const u = await this.repo.summary(caller.entId, id, q);
    if (!u) throw notFound('user');
    if (isAdminRole(u.role) && !can(caller.role, 'user.manageAdmins')) throw forbidden();
    return u;
  }

  private notSelf(caller: Caller, id: number): void {
    if (id === caller.userId) throw ruleError(ServerCode.InsufficientPermissions, 'cannotChangeSelf');
  }

  private async checkDispatcher(caller: Caller, dispatcherId: number | null | undefined, q: Queryable): Promise<void> {
    if (dispatcherId === null || dispatcherId === undefined) return;
    const d = await this.repo.summary(caller.entId, dispatcherId, q);
    if (!d) throw notFound('dispatcher');
    // A user's dispatcher must be someone who can dispatch.
    if (d.role === Role.User) throw new AppError(ServerCode.ParameterError, { field: 'dispatcherId', reason: 'not a dispatcher' });
  }

  async create(caller: Caller, body: CreateUser): Promise<UserDetail> {
    if (isAdminRole(body.role)) requirePermission(caller, 'user.manageAdmins');
    const passwordHash = await hashPassword(body.password);
    const id = await this.db.transaction(async (tx) => {
      const ent = await tx.query<{ max: number }>('select max_members as max from enterprises where id = $1 for update', [caller.entId]);
      if ((await this.repo.countUsers(caller.entId, tx)) >= (ent.rows[0]?.max ?? 0)) {
        throw ruleError(ServerCode.MemberQuotaExceeded, 'memberQuotaExceeded');
      }
      if (await this.repo.accountTaken(caller.entId, body.account, tx)) throw ruleError(ServerCode.AlreadyExists, 'accountExists');
      await this.checkDispatcher(caller, body.dispatcherId, tx);
      const newId = await this.repo.insert(
        {
          entId: caller.entId,
          account: body.account,
          nickname: body.nickname,
          passwordHash,
          role: body.role,
          dispatcherId: body.dispatcherId ?? null,
          channelRemark: body.channelRemark ?? null,
        },
        tx,
      );
      if (body.tags) await this.repo.setTags(caller.entId, newId, body.tags, tx);
      const joined = await this.repo.joinChannels(caller.entId, newId, body.channelIds ?? [], tx);
      await writeOperation(tx, caller, OperationType.UserAdd, { userId: newId, account: body.account, role: body.role });
      return { newId, joined };
    });
    const created = (await this.repo.detail(caller.entId, id.newId))!;
    await this.hub.publish(topics.entListen(caller.entId), 'UserAdd', userEvent(created));
    for (const channelId of id.joined) {
      await this.hub.publish(topics.channelListen(caller.entId, channelId), 'ChannelUserAdd', { channelId, userIds: [id.newId] });
      await this.events.emit('channel.membersAdded', { entId: caller.entId, channelId, userIds: [id.newId], byUserId: caller.userId });
    }
    return created;
  }

  async update(caller: Caller, id: number, body: UpdateUser): Promise<UserDetail> {
    const result = await this.db.transaction(async (tx) => {
      const before = await this.target(caller, id, tx);
      const changes: Record<string, string | number | null> = {};
      if (body.nickname !== undefined && body.nickname !== before.nickname) changes.nickname = body.nickname;
      if (body.channelRemark !== undefined && body.channelRemark !== before.channelRemark) changes.channel_remark = body.channelRemark;
      if (body.dispatcherId !== undefined && body.dispatcherId !== before.dispatcherId) {
        if (body.dispatcherId === id) throw ruleError(ServerCode.ParameterError, 'cannotChangeSelf');
        await this.checkDispatcher(caller, body.dispatcherId, tx);
        changes.dispatcher_id = body.dispatcherId;
      }
      if (body.role !== undefined && body.role !== before.role) {
        this.notSelf(caller, id);
        if (isAdminRole(body.role)) requirePermission(caller, 'user.manageAdmins');
        if (before.role === Role.Dispatcher && (await this.repo.countRole(caller.entId, Role.Dispatcher, tx)) <= 1) {
          throw ruleError(ServerCode.DispatcherRequired, 'dispatcherRequired');
        }
        changes.role = body.role;
      }
      if (Object.keys(changes).length === 0) return { before, roleChanged: false, changed: false };
      await this.repo.update(caller.entId, id, changes, tx);
      await writeOperation(tx, caller, OperationType.UserUpdate, { userId: id, changes: Object.keys(changes) });
      return { before, roleChanged: 'role' in changes, changed: true };
    });
    const after = (await this.repo.detail(caller.entId, id))!;
    if (result.changed) await this.hub.publish(topics.entListen(caller.entId), 'UserUp', userEvent(after));
    // A new role changes what the console may show: 'account information changed, log in again'.
    if (result.roleChanged) await this.auth.endUserSessions(id, REVOKE_REASONS.accountChanged);
    return after;
  }

  async remove(caller: Caller, id: number): Promise<void> {
    this.notSelf(caller, id);
    const u = await this.target(caller, id);
    if (u.role === Role.Dispatcher) throw ruleError(ServerCode.DispatcherNotLockable, 'dispatcherCannotDelete');
    // Close its sockets first: deleting the user deletes its session rows too.
    await this.auth.endUserSessions(id, REVOKE_REASONS.accountChanged);
    await this.db.transaction(async (tx) => {
      await this.repo.delete(caller.entId, id, tx);
      await writeOperation(tx, caller, OperationType.UserDelete, { userId: id, account: u.account });
    });
    await this.hub.publish(topics.entListen(caller.entId), 'UserDel', { uid: id, account: u.account, nickname: u.nickname });
  }

  async setLocked(caller: Caller, id: number, locked: boolean): Promise<UserSummary> {
    this.notSelf(caller, id);
    const changed = await this.db.transaction(async (tx) => {
      const u = await this.target(caller, id, tx);
      if (u.role === Role.Dispatcher) throw ruleError(ServerCode.DispatcherNotLockable, 'dispatcherNotLockable');
      if (u.locked === locked) return false;
      await this.repo.update(caller.entId, id, { locked }, tx);
      await writeOperation(tx, caller, locked ? OperationType.UserLock : OperationType.UserUnlock, { userId: id });
      return true;
    });
    const after = (await this.repo.summary(caller.entId, id))!;
    if (changed) {
      if (locked) await this.auth.endUserSessions(id, REVOKE_REASONS.accountChanged);
      await this.hub.publish(topics.entListen(caller.entId), 'UserLock', userEvent(after));
    }
    return after;
  }

  async resetPassword(caller: Caller, id: number, password: string): Promise<void> {
    this.notSelf(caller, id);
    const hash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await this.target(caller, id, tx);
      await this.repo.update(caller.entId, id, { password_hash: hash }, tx);
      await writeOperation(tx, caller, OperationType.UserPasswordReset, { userId: id });
    });
    await this.auth.endUserSessions(id, REVOKE_REASONS.accountChanged);
  }

  async setTags(caller: Caller, id: number, tags: string[]): Promise<UserSummary> {
    await this.db.transaction(async (tx) => {
      await this.target(caller, id, tx);
      await this.repo.setTags(caller.entId, id, tags, tx);
      await writeOperation(tx, caller, OperationType.UserTag, { userId: id, tags });
    });
    return (await this.repo.summary(caller.entId, id))!;
  }

  /** Own nickname (spec section 5 messages come from the schema). */
  async setOwnNickname(caller: Caller, nickname: string): Promise<UserSummary> {
    await this.db.transaction(async (tx) => {
      await this.repo.update(caller.entId, caller.userId, { nickname }, tx);
      await writeOperation(tx, caller, OperationType.UserNickname, { userId: caller.userId });
    });
    const after = (await this.repo.summary(caller.entId, caller.userId))!;
    await this.hub.publish(topics.entListen(caller.entId), 'UserUp', userEvent(after));
    return after;
  }

  /** Checked before an avatar upload is read, so a refused request stores nothing. */
  async checkAvatarTarget(caller: Caller, id: number, q: Queryable = this.db): Promise<void> {
    if (id === caller.userId) return;
    requirePermission(caller, 'user.update');
    await this.target(caller, id, q);
  }

  /** An avatar upload for oneself or another user: the target is checked before the file is read. */
  async uploadAvatar(caller: Caller, id: number, req: FastifyRequest): Promise<UserSummary> {
    await this.checkAvatarTarget(caller, id);
    const stored = await receiveAvatar(req, caller, this.files, this.db);
    return this.setAvatar(caller, id, stored.id);
  }

  /** Avatar of oneself, or of another user for those who may update users. */
  async setAvatar(caller: Caller, id: number, fileId: string): Promise<UserSummary> {
    await this.db.transaction(async (tx) => {
      await this.checkAvatarTarget(caller, id, tx);
      await this.repo.update(caller.entId, id, { avatar: fileId }, tx);
      await writeOperation(tx, caller, OperationType.UserAvatar, { userId: id, fileId });
    });
    const after = (await this.repo.summary(caller.entId, id))!;
    await this.hub.publish(topics.entListen(caller.entId), 'UserUp', userEvent(after));
    return after;
  }

  /** Blacklists: one's own, or anyone's for those with user.blacklist. */
  private async blacklistOwner(caller: Caller, id: number): Promise<void> {
    if (id === caller.userId) return;
    requirePermission(caller, 'user.blacklist');
    await this.target(caller, id);
  }

  async blacklist(caller: Caller, id: number) {
    await this.blacklistOwner(caller, id);
    return this.repo.blacklist(caller.entId, id);
  }

  async blacklistAdd(caller: Caller, id: number, blockedId: number) {
    await this.blacklistOwner(caller, id);
    if (blockedId === id) throw ruleError(ServerCode.ParameterError, 'cannotChangeSelf');
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.summary(caller.entId, blockedId, tx))) throw notFound('user');
      if (!(await this.repo.blacklistAdd(caller.entId, id, blockedId, tx))) throw ruleError(ServerCode.AlreadyExists, 'alreadyBlacklisted');
      await writeOperation(tx, caller, OperationType.UserBlacklistAdd, { userId: id, blockedUserId: blockedId });
    });
    return this.repo.blacklist(caller.entId, id);
  }

  async blacklistRemove(caller: Caller, id: number, blockedId: number) {
    await this.blacklistOwner(caller, id);
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.blacklistRemove(caller.entId, id, blockedId, tx))) throw notFound('blacklist entry');
      await writeOperation(tx, caller, OperationType.UserBlacklistRemove, { userId: id, blockedUserId: blockedId });
    });
    return this.repo.blacklist(caller.entId, id);
  }
}

