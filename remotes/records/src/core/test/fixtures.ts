import type { FenceAlert, LoginRecord, OperationRecord, SosRecord } from '@ptt/contracts';

// Records as the server sends them.

export function sosRecord(over: Partial<SosRecord> = {}): SosRecord {
  return {
    id: 12,
    user: { uid: 21, account: 'member1', nickname: 'Member 1' },
    dispatcher: { id: 3, nickname: 'Dispatcher 1' },
    lng: 116.397,
    lat: 39.909,
    device: 'Handset 7',
    deviceId: 7,
    ip: '10.0.0.21',
    startedAt: '2026-11-28T07:00:00.000Z',
    closedAt: '2026-11-28T08:05:30.000Z',
    state: 'closed',
    ackedAt: '2026-11-28T07:01:00.000Z',
    ackedBy: { id: 3, nickname: 'Dispatcher 1' },
    escalatedAt: null,
    closeNote: null,
    ...over,
  };
}

export function loginRecord(over: Partial<LoginRecord> = {}): LoginRecord {
  return {
    id: 40,
    userId: 21,
    account: 'member1',
    nickname: 'Member 1',
    time: '2026-11-28T06:00:00.000Z',
    device: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    platform: 'web',
    ip: '10.0.0.5',
    lng: 116.4,
    lat: 39.9,
    abnormal: true,
    ...over,
  };
}

export function fenceAlert(over: Partial<FenceAlert> = {}): FenceAlert {
  return {
    id: 70,
    user: { uid: 21, account: 'member1', nickname: 'Member 1' },
    dispatcher: { id: 3, nickname: 'Dispatcher 1' },
    fence: { id: 5, name: 'Depot' },
    type: 'leave',
    time: '2026-11-28T09:00:00.000Z',
    ip: null,
    lng: 116.41,
    lat: 39.91,
    ...over,
  };
}

export function operationRecord(over: Partial<OperationRecord> = {}): OperationRecord {
  return { id: 90, userId: 2, account: 'admin', type: 12, device: null, ip: '10.0.0.2', time: '2026-11-28T10:00:00.000Z', detail: {}, ...over };
}
