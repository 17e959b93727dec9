import {
  CHANNEL_LISTEN_KINDS,
  DISPATCH_KINDS,
  ENT_LISTEN_KINDS,
  USER_LISTEN_KINDS,
  parseTopic,
  topics,
} from './topics';

describe('/ws2 topics', () => {
  it('builds the spec topic strings', () => {
    expect(topics.heartbeat(100001, 7)).toBe('icoTest/json/device/heartbeat/100001/7');
    expect(topics.sosAlert(100001)).toBe('sos alert/100001');
    expect(topics.userListen(100001, 7)).toBe('msg/listen/user/100001/7');
    expect(topics.userOnline(100001)).toBe('user/onLine/100001');
    expect(topics.entListen(100001)).toBe('msg/listen/ent/100001');
    expect(topics.dispatch(100001)).toBe('dispatch/100001');
    expect(topics.channelListen(100001, 3)).toBe('msg/listen/channel/100001/3');
  });

  it('parses every built topic back to its kind and ids', () => {
    expect(parseTopic(topics.heartbeat(1, 2))).toEqual({ kind: 'heartbeat', entId: 1, userId: 2 });
    expect(parseTopic(topics.sosAlert(1))).toEqual({ kind: 'sosAlert', entId: 1 });
    expect(parseTopic(topics.userListen(1, 2))).toEqual({ kind: 'userListen', entId: 1, userId: 2 });
    expect(parseTopic(topics.userOnline(1))).toEqual({ kind: 'userOnline', entId: 1 });
    expect(parseTopic(topics.entListen(1))).toEqual({ kind: 'entListen', entId: 1 });
    expect(parseTopic(topics.dispatch(1))).toEqual({ kind: 'dispatch', entId: 1 });
    expect(parseTopic(topics.channelListen(1, 9))).toEqual({ kind: 'channelListen', entId: 1, channelId: 9 });
  });

  it.each([
    '',
    'dispatch',
    'dispatch/',
    'dispatch/abc',
    'dispatch/0',
    'dispatch/01',
    'dispatch/1/2',
    'dispatch/-1',
    'dispatch/1.5',
    'msg/listen/user/1',
    'msg/listen/user/1/',
    'msg/listen/user/1/2/3',
    'msg/listen/channel/1',
    'msg/listen/channel/1/x',
    'msg/listen/group/1',
    'sosalert/1',
    'user/online/1',
    'icoTest/json/device/heartbeat/1',
    '/dispatch/1',
    'dispatch/99999999999999999999',
  ])('rejects malformed topic %j', (topic) => {
    expect(parseTopic(topic)).toBeNull();
  });

  it('lists the message kinds per topic word for word', () => {
    expect(ENT_LISTEN_KINDS).toEqual([
      'Login', 'Logout', 'SosMsg', 'OnLine', 'UserUp', 'UserLock', 'UserAdd', 'UserDel', 'ChannelChange',
    ]);
    expect(USER_LISTEN_KINDS).toEqual(['SosLog', 'ChannelUserDel', 'ChannelStatus', 'MsgComm']);
    expect(CHANNEL_LISTEN_KINDS).toEqual(['ChannelStatus', 'ChannelUserAdd']);
    expect(DISPATCH_KINDS).toEqual(['WallAlert', 'FenceChange']);
  });
});
