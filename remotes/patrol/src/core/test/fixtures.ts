import type { Channel, PatrolMember, PatrolNode, PatrolTask, PatrolTaskDetail, UserSummary } from '@ptt/contracts';
import { Role } from '@ptt/contracts';

// Patrol data as the server sends it.

const AT = '2026-03-02T08:00:00.000Z';

export function node(over: Partial<PatrolNode> = {}): PatrolNode {
  return {
    id: 1,
    name: 'Gate',
    enabled: true,
    lng: 116.4,
    lat: 39.9,
    coord: 0,
    methods: ['gps', 'qr'],
    radiusM: 30,
    qrCode: 'PN-GATE-0001',
    nfcTag: null,
    repeatS: 300,
    taskCount: 0,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

export function task(over: Partial<PatrolTask> = {}): PatrolTask {
  return {
    id: 5,
    name: 'Yard round',
    enabled: true,
    order: 'ordered',
    lateS: 900,
    schedule: { days: [1, 2, 3, 4, 5], starts: ['08:00', '12:00'] },
    nodeCount: 2,
    plannedS: 600,
    userCount: 2,
    channelCount: 1,
    nextStart: '2026-03-02T04:00:00.000Z',
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

export function taskDetail(over: Partial<PatrolTaskDetail> = {}): PatrolTaskDetail {
  return {
    ...task(over),
    route: [
      { seq: 0, nodeId: 1, name: 'Gate', lng: 116.4, lat: 39.9, offsetS: 0, toleranceS: 300 },
      { seq: 1, nodeId: 2, name: 'Store', lng: 116.41, lat: 39.91, offsetS: 600, toleranceS: 300 },
    ],
    users: [{ uid: 21, account: 'guard1', nickname: 'Guard 1' }],
    channels: [{ channelId: 11, name: 'Security' }],
    ...over,
  };
}

export function member(over: Partial<PatrolMember> = {}): PatrolMember {
  return {
    uid: 21,
    account: 'guard1',
    nickname: 'Guard 1',
    online: true,
    position: { lng: 116.401, lat: 39.901, time: AT },
    taskCount: 1,
    currentRun: { id: 70, taskName: 'Yard round', done: 1, total: 4, missed: 1, nextNode: 'Store' },
    lastCheckin: { time: AT, nodeName: 'Gate', result: 'onTime' },
    ...over,
  };
}

export function user(over: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 22,
    account: 'guard2',
    nickname: 'Guard 2',
    role: Role.User,
    locked: false,
    avatar: null,
    dispatcherId: null,
    dispatcherNickname: null,
    channelRemark: null,
    tags: [],
    createdAt: AT,
    ...over,
  };
}

export function channel(over: Partial<Channel> = {}): Channel {
  return { id: 12, name: 'Night shift', createdAt: AT, enabled: true, disbanded: false, disbandedAt: null, isEnterprise: false, memberCount: 5, ...over };
}
