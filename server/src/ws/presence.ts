import { topics, type UserStatus } from '@ptt/contracts';
import type { ActiveSession } from '../auth/session.repository';
import type { Hub } from './hub';

/**
 * Where online connections are counted. In memory for one node; the Redis store shares it
 * between nodes so "first online" and "last offline" are decided across all of them.
 */
/** A user as presence frames name them. */
export interface PresenceUser {
  entId: number;
  userId: number;
  account: string;
  nickname: string;
}

export interface PresenceStore {
  /** Adds a connection; true when it is the user's first online connection anywhere. The names
   *  serve the offline frame another node sends if this node dies. */
  add(user: PresenceUser, connKey: string): Promise<boolean>;
  /** Removes a connection; true when the user has no online connection left anywhere. */
  remove(entId: number, userId: number, connKey: string): Promise<boolean>;
  setStatus(entId: number, userId: number, status: UserStatus): Promise<void>;
  /** The chosen status of every online user of the enterprise. */
  statuses(entId: number): Promise<Map<number, UserStatus>>;
  /** Shared stores: called with the users a dead node left online and who have no connection
   *  left anywhere, once, on one live node (one node has no other node to outlive it). */
  onUsersGone?(listener: (users: PresenceUser[]) => void): void;
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly conns = new Map<string, Set<string>>();
  private readonly chosen = new Map<string, UserStatus>();

  add({ entId, userId }: PresenceUser, connKey: string): Promise<boolean> {
    const key = `${entId}/${userId}`;
    const set = this.conns.get(key) ?? new Set<string>();
    const first = set.size === 0;
    set.add(connKey);
    this.conns.set(key, set);
    return Promise.resolve(first);
  }

  remove(entId: number, userId: number, connKey: string): Promise<boolean> {
    const key = `${entId}/${userId}`;
    const set = this.conns.get(key);
    if (!set?.delete(connKey)) return Promise.resolve(false);
    if (set.size > 0) return Promise.resolve(false);
    this.conns.delete(key);
    this.chosen.delete(key);
    return Promise.resolve(true);
  }

  setStatus(entId: number, userId: number, status: UserStatus): Promise<void> {
    this.chosen.set(`${entId}/${userId}`, status);
    return Promise.resolve();
  }

  statuses(entId: number): Promise<Map<number, UserStatus>> {
    const prefix = `${entId}/`;
    const out = new Map<number, UserStatus>();
    for (const key of this.conns.keys()) {
      if (!key.startsWith(prefix)) continue;
      out.set(Number(key.slice(prefix.length)), this.chosen.get(key) ?? 'online');
    }
    return Promise.resolve(out);
  }
}

/** What others see: an invisible user looks offline. */
export function visibleStatus(status: UserStatus): UserStatus {
  return status === 'invisible' ? 'offline' : status;
}

/**
 * Presence from heartbeats: a user is online while at least one of their connections announced
 * itself and has not gone quiet, said offline (event 9) or closed. Changes go out on
 * `msg/listen/ent/{entId}`: OnLine with the status, Logout after an offline heartbeat.
 */
export class PresenceService {
  constructor(
    private readonly hub: Hub,
    private readonly store: PresenceStore,
    private readonly nodeId: string,
  ) {
    store.onUsersGone?.((users) => {
      for (const u of users) this.publish(u, 'OnLine', 'offline').catch(() => undefined);
    });
  }

  /** Shared stores only: the users a dead node left with no connection anywhere, on one live node. */
  onUsersGone(listener: (users: PresenceUser[]) => void): void {
    this.store.onUsersGone?.(listener);
  }

  private key(connectionId: number): string {
    return `${this.nodeId}:${connectionId}`;
  }

  async online(session: ActiveSession, connectionId: number, status: UserStatus, previous: UserStatus | null): Promise<void> {
    const first = await this.store.add(session, this.key(connectionId));
    if (first || previous !== status) await this.store.setStatus(session.entId, session.userId, status);
    if (first || (previous !== null && visibleStatus(previous) !== visibleStatus(status))) {
      await this.publish(session, 'OnLine', visibleStatus(status));
    }
  }

  /** `said`: the client sent the offline heartbeat (Logout); otherwise it closed or went quiet. */
  async offline(session: ActiveSession, connectionId: number, said: boolean): Promise<void> {
    const last = await this.store.remove(session.entId, session.userId, this.key(connectionId));
    if (last) await this.publish(session, said ? 'Logout' : 'OnLine', 'offline');
  }

  async statuses(entId: number): Promise<{ uid: number; status: UserStatus }[]> {
    const map = await this.store.statuses(entId);
    return [...map].map(([uid, status]) => ({ uid, status: visibleStatus(status) })).filter((s) => s.status !== 'offline');
  }

  /** Users with an announced connection, invisible ones included: whom a personal alert reaches
   *  (invisible hides a user from others, not others' alerts from them). */
  async connected(entId: number): Promise<number[]> {
    return [...(await this.store.statuses(entId)).keys()];
  }

  private async publish(session: PresenceUser, kind: 'OnLine' | 'Logout', status: UserStatus): Promise<void> {
    const data = { uid: session.userId, account: session.account, nickname: session.nickname, status };
    // The console reads presence on the enterprise topic; `user/onLine` carries the same change
    // for handsets, which the spec's console ignores.
    await this.hub.publish(topics.entListen(session.entId), kind, data);
    await this.hub.publish(topics.userOnline(session.entId), kind, data);
  }
}
