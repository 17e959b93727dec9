import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ServerCode, topics, type LoginRequest, type Session } from '@ptt/contracts';
import { AppError } from '../http/app-error';
import type { Hub } from '../ws/hub';
import { INTERNAL_TOPICS } from '../ws/hub';
import type { EnterpriseRepository } from './enterprise.repository';
import type { LoginRecordRepository } from './login-record.repository';
import { dummyPasswordHash, verifyPassword } from './password';
import type { ActiveSession, SessionRepository } from './session.repository';
import type { User, UserRepository } from './user.repository';

const TOKEN_BYTES = 32;
const MAX_DEVICE_CHARS = 200;

/** Only this digest is stored, so a copy of the database holds no usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  enterprises: EnterpriseRepository;
  users: UserRepository;
  sessions: SessionRepository;
  loginRecords: LoginRecordRepository;
  hub: Hub;
  now?: () => Date;
}

export class AuthService {
  private readonly now: () => Date;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async login(req: LoginRequest, client: ClientInfo): Promise<Session> {
    const user = await this.findLoginUser(req);
    // Always pay for one scrypt, so an unknown account answers as slowly as a wrong password.
    const passwordOk = await verifyPassword(req.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !passwordOk) throw new AppError(ServerCode.WrongCredentials);
    if (user.locked) throw new AppError(ServerCode.UserLocked);
    const ent = await this.deps.enterprises.findById(user.entId);
    if (!ent) throw new AppError(ServerCode.OrgInfoMissing);
    if (ent.validUntil.getTime() < this.now().getTime()) throw new AppError(ServerCode.OrgExpired);

    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const clientId = randomUUID();
    await this.deps.sessions.create({ tokenHash: hashToken(token), userId: user.id, entId: ent.id, clientId });
    await this.deps.loginRecords.add({
      entId: ent.id,
      userId: user.id,
      ip: client.ip,
      device: client.userAgent ? client.userAgent.slice(0, MAX_DEVICE_CHARS) : null,
    });
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

  /** The active session for a token, or null (unknown, revoked or malformed). */
  async findSession(token: string | undefined | null): Promise<ActiveSession | null> {
    if (!token || token.length > 512) return null;
    return this.deps.sessions.findActive(hashToken(token));
  }

  /** Like findSession but throws 10000; also notes the session as recently used. */
  async authenticate(token: string | undefined | null): Promise<ActiveSession> {
    const session = await this.findSession(token);
    if (!session) throw new AppError(ServerCode.AuthorizationFailed);
    await this.deps.sessions.touch(session.tokenHash);
    return session;
  }

  async logout(session: ActiveSession): Promise<void> {
    const revoked = await this.deps.sessions.revoke(session.tokenHash);
    if (!revoked) return;
    await this.deps.hub.publish(INTERNAL_TOPICS.sessionRevoked, 'SessionRevoked', { tokenHash: session.tokenHash });
    await this.deps.hub.publish(topics.entListen(session.entId), 'Logout', {
      uid: session.userId,
      account: session.account,
      nickname: session.nickname,
      status: 'offline',
    });
  }

  toSession(s: ActiveSession, token: string): Session {
    return {
      id: s.userId,
      ent: { id: s.entId, name: s.entName },
      auth_token: token,
      client_id: s.clientId,
      account: s.account,
      nickname: s.nickname,
      role: s.role as Session['role'],
    };
  }
}
