import type { Ws2Frame } from '@ptt/contracts';
import { frameToBusEvents } from './adapter';

const logger = { info: jest.fn() };

function frame(topic: string, t: string, data: unknown = { x: 1 }): Ws2Frame {
  return { code: 0, topic, data, t };
}

describe('frameToBusEvents', () => {
  it('ignores sos alert/ and user/onLine/ topics', () => {
    expect(frameToBusEvents(frame('sos alert/100001', 'Sos'), logger)).toEqual([]);
    expect(frameToBusEvents(frame('user/onLine/100001', 'OnLine'), logger)).toEqual([]);
  });

  it.each(['SosLog', 'ChannelUserDel', 'ChannelStatus', 'MsgComm'])('passes user kind %s to ws/user', (t) => {
    const f = frame('msg/listen/user/100001/7', t);
    expect(frameToBusEvents(f, logger)).toEqual([{ topic: 'ws/user', payload: { kind: t, data: f.data, topic: f.topic } }]);
  });

  it('turns any other user kind into a Personal message', () => {
    expect(frameToBusEvents(frame('msg/listen/user/100001/7', 'Text'), logger)).toEqual([
      { topic: 'ws/user', payload: { kind: 'Personal', data: { x: 1 }, topic: 'msg/listen/user/100001/7' } },
    ]);
  });

  it.each(['Login', 'Logout', 'SosMsg', 'OnLine', 'UserUp', 'UserLock', 'UserAdd', 'UserDel', 'ChannelChange'])(
    'passes ent kind %s to ws/ent',
    (t) => {
      expect(frameToBusEvents(frame('msg/listen/ent/100001', t), logger)).toEqual([
        { topic: 'ws/ent', payload: { kind: t, data: { x: 1 }, topic: 'msg/listen/ent/100001' } },
      ]);
    },
  );

  it('drops unlisted ent kinds', () => {
    expect(frameToBusEvents(frame('msg/listen/ent/100001', 'Whatever'), logger)).toEqual([]);
  });

  it('only logs a WallAlert on dispatch/', () => {
    expect(frameToBusEvents(frame('dispatch/100001', 'WallAlert', { fence: 1 }), logger)).toEqual([]);
    expect(logger.info).toHaveBeenCalledWith('wall alert', { fence: 1 });
  });

  it('turns any other dispatch kind into a DeviceInfo change', () => {
    expect(frameToBusEvents(frame('dispatch/100001', 'DeviceUp'), logger)).toEqual([
      { topic: 'ws/dispatch', payload: { kind: 'DeviceInfo', data: { x: 1 }, topic: 'dispatch/100001' } },
    ]);
    expect(logger.info).not.toHaveBeenCalled();
  });

  it.each([
    ['ChannelStatus', 'ChannelStatus'],
    ['ChannelUserAdd', 'ChannelUserAdd'],
    ['Text', 'GroupMessage'],
  ])('maps channel kind %s to ws/channel %s', (t, kind) => {
    expect(frameToBusEvents(frame('msg/listen/channel/100001/3', t), logger)).toEqual([
      { topic: 'ws/channel', payload: { kind, data: { x: 1 }, topic: 'msg/listen/channel/100001/3' } },
    ]);
  });

  it('puts PttFloor frames from the channel and the user topic on ws/ptt, parsed', () => {
    const floor = {
      chatId: '100001-1-5',
      holder: { uid: 7, nickname: 'Member 1' },
      burstId: 'b1',
      since: '2026-11-22T08:00:00.000Z',
      until: '2026-11-22T08:01:00.000Z',
      reason: 'granted',
      previous: null,
    };
    expect(frameToBusEvents(frame('msg/listen/channel/100001/5', 'PttFloor', floor), logger)).toEqual([{ topic: 'ws/ptt', payload: floor }]);
    const temp = { ...floor, chatId: '100001-2-3' };
    expect(frameToBusEvents(frame('msg/listen/user/100001/7', 'PttFloor', temp), logger)).toEqual([{ topic: 'ws/ptt', payload: temp }]);
  });

  it('drops a PttFloor frame whose data does not parse, and one on another topic', () => {
    expect(frameToBusEvents(frame('msg/listen/channel/100001/5', 'PttFloor', { chatId: 5 }), logger)).toEqual([]);
    expect(frameToBusEvents(frame('msg/listen/ent/100001', 'PttFloor', { chatId: 5 }), logger)).toEqual([]);
  });

  it('ignores unknown or malformed topics', () => {
    expect(frameToBusEvents(frame('sys/ping', 'Pong'), logger)).toEqual([]);
    expect(frameToBusEvents(frame('msg/listen/channel/100001', 'Text'), logger)).toEqual([]);
    expect(frameToBusEvents(frame('icoTest/json/device/heartbeat/1/2', 'Heartbeat'), logger)).toEqual([]);
  });
});
