import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { OperationType, Platform, ServerCode, topics, type ChangePasswordRequest, type LoginRequest, type Session } from '@ptt/contracts';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { ruleError, type Caller } from '../http/caller';
import { writeOperation } from '../audit/operation-log';
import type { Hub } from '../ws/hub';
import { INTERNAL_TOPICS, REVOKE_REASONS, type RevokeReason } from '../ws/hub';
import type { CaptchaService } from './captcha';
import { FileLinkCache, SessionCache } from './session-cache';
import { expiryAcceptable, newFileAccess, signatureMatches } from '../files/file-links';
import type { EnterpriseRepository } from './enterprise.repository';
import type { LoginRecordRepository } from './login-record.repository';
import { throttleKeys, type LoginThrottle } from './login-throttle';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import type { ActiveSession, FileAccess, SessionRepository } from './session.repository';
import type { User, UserRepository } from './user.repository';

const TOKEN_BYTES = 32;
const MAX_DEVICE_CHARS = 200;

/** Only this digest is stored, so a copy of the database holds no usable tokens. */
export interface SessionRefusal {
  code: typeof ServerCode.AuthorizationFailed | typeof ServerCode.LoggedInElsewhere;
  reason: string | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  db: Db;
  enterprises: EnterpriseRepository;
  users: UserRepository;
  sessions: SessionRepository;
  loginRecords: LoginRecordRepository;
  throttle: LoginThrottle;
  captchas: CaptchaService;
  hub: Hub;
  now?: () => Date;
}

/** Web consoles and handsets are separate: a new login ends the older session of the same class only. */
function platformClass(platform: string): 'web' | 'device' {
  return platform === Platform.Web ? 'web' : 'device';
}

export class AuthService {
  private readonly now: () => Date;

  private readonly cache = new SessionCache();

  private readonly fileLinks = new FileLinkCache();

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    // Every node drops a revoked session (and its file links) from its cache, whichever node revoked it.
    deps.hub.subscribe(INTERNAL_TOPICS.sessionRevoked, (frame) => {
      const tokenHash = (frame.data as { tokenHash?: unknown } | null)?.tokenHash;
      if (typeof tokenHash === 'string') this.forget(tokenHash);
    });
  }

  private forget(tokenHash: string): void {
    this.cache.drop(tokenHash);
    this.fileLinks.drop(tokenHash);
  }

  get captchas(): CaptchaService {
    return this.deps.captchas;
  }

  async login(req: LoginRequest, client: ClientInfo): Promise<Session> {
    // Resolve the account before counting: leaving out the organisation id must not buy fresh guesses.
    const user = await this.findLoginUser(req);
    const keys = throttleKeys(user ?? { entId: req.entId ?? null, account: req.account }, client.ip);
    if (await this.deps.throttle.captchaRequired(keys)) {
      if (!req.captchaId || !req.captcha) throw ruleError(ServerCode.ImageCodeNeeded, 'captchaNeeded', { captchaRequired: true });
      if (!(await this.deps.captchas.verify(req.captchaId, req.captcha))) {
        throw ruleError(ServerCode.ImageCodeWrong, 'captchaWrong', { captchaRequired: true });
      }
    }
    // Always pay for one scrypt, so an unknown account answers as slowly as a wrong password.
    const passwordOk = await verifyPassword(req.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !passwordOk) {
      await this.deps.throttle.recordFailure(keys);
      const captchaRequired = await this.deps.throttle.captchaRequired(keys);
      throw new AppError(ServerCode.WrongCredentials, { captchaRequired });
    }
    if (user.locked) throw new AppError(ServerCode.UserLocked);
    const ent = await this.deps.enterprises.findById(user.entId);
    if (!ent) throw new AppError(ServerCode.OrgInfoMissing);
    if (ent.validUntil.getTime() < this.now().getTime()) throw new AppError(ServerCode.OrgExpired);
    await this.deps.throttle.clearAccount(keys);

    const platform = req.platform ?? Platform.Web;
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const tokenHash = hashToken(token);
    const clientId = randomUUID();
    const files = newFileAccess();
    // The older session of the same class ends with 10001 on its socket ("logged in elsewhere").
    await this.endUserSessions(user.id, REVOKE_REASONS.loginElsewhere, { platformClass: platformClass(platform) });
    await this.deps.sessions.create({ tokenHash, userId: user.id, entId: ent.id, clientId, platform, files });
    await this.deps.loginRecords.add(
      {
        entId: ent.id,
        userId: user.id,
        ip: client.ip,
        device: client.userAgent ? client.userAgent.slice(0, MAX_DEVICE_CHARS) : null,
        platform,
        lng: req.lng ?? null,
        lat: req.lat ?? null,
      },
      this.now(),
    );
    await this.deps.hub.publish(topics.entListen(ent.id), 'Login', {
      uid: user.id,
      account: user.account,
      nickname: user.nickname,
      role: user.role,
    });
    return {
      id: user.id,
      ent: { id: ent.id, name: ent.name },
      auth_token: token,
      client_id: clientId,
      account: user.account,
      nickname: user.nickname,
      role: user.role as Session['role'],
      file_link: files.link,
      file_key: files.key,
    };
  }

  /**
   * With an organisation id: that organisation's account (unknown organisation: 1001).
   * Without: the one enterprise holding the account; several -> 1001 ("enter organisation id").
   */
  private async findLoginUser(req: LoginRequest): Promise<User | null> {
    if (req.entId !== undefined) {
      const ent = await this.deps.enterprises.findById(req.entId);
      if (!ent) throw new AppError(ServerCode.OrgInfoMissing);
      return this.deps.users.findByAccount(req.entId, req.account);
    }
    const matches = await this.deps.users.findAllByAccount(req.account, 2);
    if (matches.length > 1) throw new AppError(ServerCode.OrgInfoMissing);
    return matches[0] ?? null;
  }

  /** The active session for a token, or null (unknown, revoked, locked user or malformed). */
  async findSession(token: string | undefined | null): Promise<ActiveSession | null> {
    if (!token || token.length > 512) return null;
    return this.deps.sessions.findActive(hashToken(token));
  }

  /** findSession and the user's channel ids, in one statement (a /ws2 socket's start). */
  async findSessionWithChannels(token: string | undefined | null): Promise<{ session: ActiveSession; channelIds: number[] } | null> {
    if (!token || token.length > 512) return null;
    return this.deps.sessions.findActiveWithChannels(hashToken(token));
  }

  /**
   * Why a token opens no session, as REST and /ws2 both answer it: 10001 after a newer login of
   * the account, else 10000 with the revocation's reason (null for a token never issued). Only the
   * refused path pays for this query.
   */
  async refusal(token: string | undefined | null): Promise<SessionRefusal> {
    const reason = token && token.length <= 512 ? await this.deps.sessions.revokedReason(hashToken(token)) : null;
    const code = reason === REVOKE_REASONS.loginElsewhere ? ServerCode.LoggedInElsewhere : ServerCode.AuthorizationFailed;
    return { code, reason };
  }

  /** Like findSession but throws the refusal (10000/10001 with its reason) and serves repeated
   *  calls from a short cache; also notes the session as recently used. */
  async authenticate(token: string | undefined | null): Promise<ActiveSession> {
    if (token && token.length <= 512) {
      const cached = this.cache.get(hashToken(token));
      if (cached) return cached;
    }
    const session = await this.findSession(token);
    if (!session) {
      const { code, reason } = await this.refusal(token);
      // The same reason the socket's last frame carries, so whichever the console hears first,
      // it tells the user the same thing ('account information changed', 'logged in elsewhere').
      throw new AppError(code, reason ? { reason } : null);
    }
    await this.deps.sessions.touch(session.tokenHash);
    this.cache.set(session);
    return session;
  }

  /**
   * The session behind a signed file URL (ADR 012): the link id names an active session (the same
   * rules as a token), the signature of `<fileId>.<expiry>` under its file key matches, and the
   * expiry is neither past nor further ahead than a client signs. Anything else is 10000, as a
   * missing token is. It is not a session token: only the file route asks this.
   */
  async authenticateFileLink(fileId: string, link: string | undefined, expiry: string | undefined, signature: string | undefined): Promise<ActiveSession> {
    if (link === undefined || expiry === undefined || signature === undefined) throw new AppError(ServerCode.AuthorizationFailed);
    const expiresAt = Number(expiry);
    if (!expiryAcceptable(expiresAt, this.now().getTime())) throw new AppError(ServerCode.AuthorizationFailed, { reason: 'fileLinkExpired' });
    let found = this.fileLinks.get(link);
    if (!found) {
      found = await this.deps.sessions.findByFileLink(link);
      if (found) this.fileLinks.set(link, found);
    }
    if (!found || !signatureMatches(found.key, fileId, expiresAt, signature)) throw new AppError(ServerCode.AuthorizationFailed);
    return found.session;
  }

  /** The session's file link and key, made now for a session from before them. */
  async fileAccess(session: ActiveSession): Promise<FileAccess | null> {
    return this.deps.sessions.fileAccess(session.tokenHash, newFileAccess);
  }

  async logout(session: ActiveSession): Promise<void> {
    const revoked = await this.deps.sessions.revoke(session.tokenHash, REVOKE_REASONS.logout);
    this.forget(session.tokenHash);
    if (!revoked) return;
    await this.deps.hub.publish(INTERNAL_TOPICS.sessionRevoked, 'SessionRevoked', {
      tokenHash: session.tokenHash,
      reason: REVOKE_REASONS.logout,
    });
    await this.deps.hub.publish(topics.entListen(session.entId), 'Logout', {
      uid: session.userId,
      account: session.account,
      nickname: session.nickname,
      status: 'offline',
    });
  }

  /**
   * Ends a user's sessions and closes their sockets: 10001 for a newer login, 10000 with reason
   * 'accountChanged' when an admin locked, deleted or reset the account.
   */
  async endUserSessions(
    userId: number,
    reason: RevokeReason,
    opts: { platformClass?: 'web' | 'device'; except?: string } = {},
  ): Promise<void> {
    const hashes = await this.deps.sessions.revokeForUser(userId, reason, opts);
    // Dropped here at once; other nodes drop theirs when the revocation reaches them on the hub.
    for (const tokenHash of hashes) this.forget(tokenHash);
    for (const tokenHash of hashes) {
      await this.deps.hub.publish(INTERNAL_TOPICS.sessionRevoked, 'SessionRevoked', { tokenHash, reason });
    }
  }

  /** Old password, new twice, and a captcha; other sessions of the user end, this one stays. */
  async changePassword(caller: Caller, req: ChangePasswordRequest): Promise<void> {
    if (!(await this.deps.captchas.verify(req.captchaId, req.captcha))) throw ruleError(ServerCode.ImageCodeWrong, 'captchaWrong');
    const user = await this.deps.users.findById(caller.entId, caller.userId);
    if (!user || !(await verifyPassword(req.oldPassword, user.passwordHash))) {
      throw ruleError(ServerCode.WrongCredentials, 'oldPasswordWrong');
    }
    const hash = await hashPassword(req.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await tx.query('update users set password_hash = $1, updated_at = now() where id = $2 and ent_id = $3', [
        hash,
        caller.userId,
        caller.entId,
      ]);
      await writeOperation(tx, caller, OperationType.UserPasswordChange, { userId: caller.userId });
    });
    await this.endUserSessions(caller.userId, REVOKE_REASONS.accountChanged, { except: caller.tokenHash });
  }

  toSession(s: ActiveSession, token: string, files: FileAccess | null): Session {
    return {
      id: s.userId,
      ent: { id: s.entId, name: s.entName },
      auth_token: token,
      client_id: s.clientId,
      account: s.account,
      nickname: s.nickname,
      role: s.role as Session['role'],
      ...(files ? { file_link: files.link, file_key: files.key } : {}),
    };
  }
}
