// Stand-ins for the page's browser media in jsdom (no AudioContext, no WebRTC): a siren that
// records what the page asks of it, and a monitor client whose subscription the test drives.
import { BehaviorSubject } from 'rxjs';
import { sosMsgOf } from '@ptt/contracts';
import type { MonitorEndCause, SosMsg, SosRecord } from '@ptt/contracts';
import { Siren } from '@ptt/media';
import type { MonitorClient, MonitorState, MonitorSubscription, SirenLevel, SirenState } from '@ptt/media';
import type { AlarmSiren } from '../core';

export class FakeSiren implements AlarmSiren {
  state: SirenState = 'off';
  level: SirenLevel = 1;
  contextState: AudioContextState | null = null;
  /** A browser that refuses sound until a click. */
  blocked = false;
  private wanted = false;
  private readonly listeners = new Set<() => void>();
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  getState = () => this.state;
  start() {
    this.wanted = true;
    this.set(this.blocked ? 'blocked' : 'playing');
  }
  stop() {
    this.wanted = false;
    this.set('off');
  }
  unlock() {
    this.blocked = false;
    if (this.wanted && this.state === 'blocked') this.set('playing');
  }
  /** The real listening, around this fake's unlock(). */
  unlockOnGesture = Siren.prototype.unlockOnGesture;
  setLevel(level: SirenLevel) {
    this.level = level;
  }
  dispose() {
    this.stop();
  }
  private set(state: SirenState) {
    this.state = state;
    this.contextState = state === 'playing' ? 'running' : this.contextState === null ? null : 'suspended';
    for (const l of this.listeners) l();
  }
}

export class FakeSubscription implements MonitorSubscription {
  readonly state$ = new BehaviorSubject<MonitorState>('connecting');
  readonly stream$ = new BehaviorSubject<MediaStream | null>(null);
  endCause: MonitorEndCause | null = null;
  muted = false;
  left = false;
  constructor(readonly roomId: string) {}
  get state() {
    return this.state$.value;
  }
  get stream() {
    return this.stream$.value;
  }
  setMuted(m: boolean) {
    this.muted = m;
  }
  reconnect() {}
  getInboundStats() {
    return Promise.resolve(null);
  }
  leave() {
    this.left = true;
  }
}

/** A monitor client factory that keeps every subscription it made. */
export function fakeMonitor() {
  const subscriptions: FakeSubscription[] = [];
  const options: unknown[] = [];
  const create = (o: unknown): MonitorClient => {
    options.push(o);
    return {
      subscribe: (roomId: string) => {
        const sub = new FakeSubscription(roomId);
        subscriptions.push(sub);
        return sub;
      },
      close: () => subscriptions.forEach((s) => s.leave()),
    };
  };
  return { create, subscriptions, options };
}

export function record(over: Partial<SosRecord> = {}): SosRecord {
  return {
    id: 1,
    user: { uid: 21, account: 'member1', nickname: 'Member 1' },
    dispatcher: null,
    lng: 116.397,
    lat: 39.909,
    device: 'Handset 01',
    deviceId: 5,
    ip: '10.0.0.2',
    startedAt: '2026-03-01T08:00:00.000Z',
    closedAt: null,
    state: 'open',
    ackedAt: null,
    ackedBy: null,
    escalatedAt: null,
    closeNote: null,
    ...over,
  };
}

/** The SosMsg the server publishes for a record. */
export function msgOf(r: SosRecord, over: Partial<SosMsg> = {}): SosMsg {
  return { ...sosMsgOf(r), ...over };
}
