import { createFrameAdapter } from './adapter';
import {
  CHANNEL,
  CHANNEL_DATA,
  DEVICE_INFO_DATA,
  DISPATCH,
  ENT,
  ENT_DATA,
  SCREEN,
  SCREEN_DATA,
  USER,
  USER_DATA,
  floor,
  frame,
  groupMessage,
  personalMessage,
} from './test-frames';

function setup() {
  const logger = { info: jest.fn(), error: jest.fn() };
  return { logger, adapter: createFrameAdapter(logger) };
}

describe('frame adapter', () => {
  it('ignores sos alert/ and user/onLine/ topics without counting them', () => {
    const { adapter } = setup();
    expect(adapter.toBusEvents(frame('sos alert/100001', 'Sos', { x: 1 }))).toEqual([]);
    expect(adapter.toBusEvents(frame('user/onLine/100001', 'OnLine', { x: 1 }))).toEqual([]);
    expect(adapter.droppedFrames()).toEqual({});
  });

  it.each(Object.entries(USER_DATA))('passes user kind %s to ws/user with its data', (t, data) => {
    expect(setup().adapter.toBusEvents(frame(USER, t, data))).toEqual([{ topic: 'ws/user', payload: { kind: t, data, topic: USER } }]);
  });

  it('turns a chat message on the user topic into a Personal event naming its frame kind', () => {
    expect(setup().adapter.toBusEvents(frame(USER, 'Message', personalMessage))).toEqual([
      { topic: 'ws/user', payload: { kind: 'Personal', t: 'Message', data: personalMessage, topic: USER } },
    ]);
  });

  it('passes on the parsed data, not the raw one (unknown fields are gone)', () => {
    const [event] = setup().adapter.toBusEvents(frame(USER, 'ChannelUserDel', { channelId: 3, reason: 'removed', extra: '<b>' }));
    expect(event?.payload).toEqual({ kind: 'ChannelUserDel', data: { channelId: 3, reason: 'removed' }, topic: USER });
  });

  it.each(Object.entries(ENT_DATA))('passes ent kind %s to ws/ent', (t, data) => {
    expect(setup().adapter.toBusEvents(frame(ENT, t, data))).toEqual([{ topic: 'ws/ent', payload: { kind: t, data, topic: ENT } }]);
  });

  it('passes WallAlert and FenceChange of dispatch/ to ws/fence, and drops a malformed one (ADR 027)', () => {
    const { adapter, logger } = setup();
    const alert = { alertId: 9, fenceId: 3, fenceName: 'Yard', uid: 7, account: 'member1', nickname: 'M1', type: 'leave', lng: 116.4, lat: 39.9, time: '2026-01-01T08:00:00.000Z' };
    expect(adapter.toBusEvents(frame(DISPATCH, 'WallAlert', alert))).toEqual([{ topic: 'ws/fence', payload: { kind: 'WallAlert', data: alert, topic: DISPATCH } }]);
    const cancel = { action: 2, fenceId: 3, fence: null };
    expect(adapter.toBusEvents(frame(DISPATCH, 'FenceChange', cancel))).toEqual([{ topic: 'ws/fence', payload: { kind: 'FenceChange', data: cancel, topic: DISPATCH } }]);
    expect(adapter.toBusEvents(frame(DISPATCH, 'WallAlert', { fence: 1 }))).toEqual([]);
    expect(adapter.droppedFrames()).toEqual({ WallAlert: 1 });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('passes PatrolAlert and PatrolChange of dispatch/ to ws/patrol, and drops a malformed one (ADR 029)', () => {
    const { adapter, logger } = setup();
    const alert = { runId: 4, taskId: 2, taskName: 'Night round', nodeId: 8, nodeName: 'Gate', lng: 116.4, lat: 39.9, plannedAt: '2026-01-01T08:00:00.000Z', reason: 'overdue', members: [{ uid: 7, nickname: 'M1' }], time: '2026-01-01T08:20:00.000Z' };
    expect(adapter.toBusEvents(frame(DISPATCH, 'PatrolAlert', alert))).toEqual([{ topic: 'ws/patrol', payload: { kind: 'PatrolAlert', data: alert, topic: DISPATCH } }]);
    const change = { what: 'run', id: 4, run: { id: 4, taskId: 2, status: 'active', done: 1, missed: 1, total: 3 } };
    expect(adapter.toBusEvents(frame(DISPATCH, 'PatrolChange', change))).toEqual([{ topic: 'ws/patrol', payload: { kind: 'PatrolChange', data: change, topic: DISPATCH } }]);
    expect(adapter.toBusEvents(frame(DISPATCH, 'PatrolAlert', { runId: 'x' }))).toEqual([]);
    expect(adapter.droppedFrames()).toEqual({ PatrolAlert: 1 });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it.each(Object.entries(DEVICE_INFO_DATA))('turns dispatch kind %s into a DeviceInfo change naming its frame kind', (t, data) => {
    const { adapter, logger } = setup();
    expect(adapter.toBusEvents(frame(DISPATCH, t, data))).toEqual([{ topic: 'ws/dispatch', payload: { kind: 'DeviceInfo', t, data, topic: DISPATCH } }]);
    expect(logger.info).not.toHaveBeenCalled();
  });

  it.each(Object.entries(CHANNEL_DATA))('passes channel kind %s to ws/channel', (t, data) => {
    expect(setup().adapter.toBusEvents(frame(CHANNEL, t, data))).toEqual([{ topic: 'ws/channel', payload: { kind: t, data, topic: CHANNEL } }]);
  });

  it('turns a chat message on the channel topic into a GroupMessage event', () => {
    expect(setup().adapter.toBusEvents(frame(CHANNEL, 'Message', groupMessage))).toEqual([
      { topic: 'ws/channel', payload: { kind: 'GroupMessage', t: 'Message', data: groupMessage, topic: CHANNEL } },
    ]);
  });

  it('turns a PttPatch frame on the channel topic into a GroupMessage event named PttPatch (ADR 024)', () => {
    const patch = { id: 'p1', channelIds: [3, 4], chatIds: ['100001-1-3', '100001-1-4'], createdBy: { uid: 2, nickname: 'Dispatcher 2' }, createdAt: '2026-01-01T08:00:00.000Z' };
    const { adapter } = setup();
    for (const data of [{ state: 'created', patch, reason: null }, { state: 'ended', patch, reason: 'left' }]) {
      expect(adapter.toBusEvents(frame(CHANNEL, 'PttPatch', data))).toEqual([{ topic: 'ws/channel', payload: { kind: 'GroupMessage', t: 'PttPatch', data, topic: CHANNEL } }]);
    }
    // Not the contracts' shape (an unknown state): dropped and counted, like any other kind.
    expect(adapter.toBusEvents(frame(CHANNEL, 'PttPatch', { state: 'paused', patch, reason: null }))).toEqual([]);
    expect(adapter.droppedFrames()).toEqual({ PttPatch: 1 });
  });

  it('keeps the via of a bridged PttFloor frame (patch or all-call)', () => {
    const bridged = { ...floor, via: { kind: 'patch', id: 'p1', chatId: '100001-1-4' } };
    expect(setup().adapter.toBusEvents(frame(CHANNEL, 'PttFloor', bridged))).toEqual([{ topic: 'ws/ptt', payload: bridged }]);
  });

  it('puts PttFloor frames from the channel and the user topic on ws/ptt', () => {
    const { adapter } = setup();
    expect(adapter.toBusEvents(frame(CHANNEL, 'PttFloor', floor))).toEqual([{ topic: 'ws/ptt', payload: floor }]);
    const temp = { ...floor, chatId: '100001-2-3' };
    expect(adapter.toBusEvents(frame(USER, 'PttFloor', temp))).toEqual([{ topic: 'ws/ptt', payload: temp }]);
  });

  it.each(Object.entries(SCREEN_DATA))('passes screen kind %s to ws/screen with its data (ADR 026)', (t, data) => {
    expect(setup().adapter.toBusEvents(frame(SCREEN, t, data))).toEqual([{ topic: 'ws/screen', payload: { kind: t, data, topic: SCREEN } }]);
  });

  it('does not take a ScreenFloor for a PttFloor, and drops screen frames that do not parse', () => {
    const { adapter } = setup();
    expect(adapter.toBusEvents(frame(SCREEN, 'PttFloor', floor))).toEqual([]);
    expect(adapter.toBusEvents(frame(SCREEN, 'ScreenCounts', { online: -1 }))).toEqual([]);
    expect(adapter.toBusEvents(frame(SCREEN, 'ScreenLayout', { displayId: 3, layout: { map: false, left: [], right: [] } }))).toEqual([]);
    expect(adapter.droppedFrames()).toEqual({ PttFloor: 1, ScreenCounts: 1, ScreenLayout: 1 });
  });

  it('counts and drops frames whose data does not parse, or whose kind has no schema on that topic', () => {
    const { adapter } = setup();
    expect(adapter.toBusEvents(frame(CHANNEL, 'PttFloor', { chatId: 5 }))).toEqual([]);
    expect(adapter.toBusEvents(frame(ENT, 'PttFloor', floor))).toEqual([]);
    expect(adapter.toBusEvents(frame(CHANNEL, 'Message', { ...groupMessage, content: {} }))).toEqual([]);
    expect(adapter.toBusEvents(frame(USER, 'MsgComm', { id: 1 }))).toEqual([]);
    expect(adapter.toBusEvents(frame(USER, 'Text', { x: 1 }))).toEqual([]);
    expect(adapter.toBusEvents(frame(ENT, 'Whatever', ENT_DATA.Login))).toEqual([]);
    expect(adapter.toBusEvents(frame(DISPATCH, 'DeviceUp', { x: 1 }))).toEqual([]);
    expect(adapter.droppedFrames()).toEqual({ PttFloor: 2, Message: 1, MsgComm: 1, Text: 1, Whatever: 1, DeviceUp: 1 });
  });

  it('logs a dropped kind once, however many of its frames come', () => {
    const { adapter, logger } = setup();
    for (let i = 0; i < 3; i += 1) adapter.toBusEvents(frame(USER, 'MsgComm', { id: i }));
    adapter.toBusEvents(frame(ENT, 'Login', {}));
    expect(adapter.droppedFrames()).toEqual({ MsgComm: 3, Login: 1 });
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenNthCalledWith(1, expect.stringContaining('"MsgComm"'), USER, expect.stringContaining('callId'));
  });

  it('ignores unknown or malformed topics without counting them', () => {
    const { adapter } = setup();
    expect(adapter.toBusEvents(frame('sys/ping', 'Pong', null))).toEqual([]);
    expect(adapter.toBusEvents(frame('msg/listen/channel/100001', 'Message', groupMessage))).toEqual([]);
    expect(adapter.toBusEvents(frame('icoTest/json/device/heartbeat/1/2', 'Heartbeat', {}))).toEqual([]);
    expect(adapter.droppedFrames()).toEqual({});
  });

  it('hands out a copy of the counts', () => {
    const { adapter } = setup();
    adapter.toBusEvents(frame(USER, 'Text', {}));
    const counts = adapter.droppedFrames() as Record<string, number>;
    counts.Text = 99;
    expect(adapter.droppedFrames()).toEqual({ Text: 1 });
  });
});
