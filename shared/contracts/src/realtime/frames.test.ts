import { CHANNEL_LISTEN_KINDS, DISPATCH_KINDS, ENT_LISTEN_KINDS, USER_LISTEN_KINDS } from '../topics';
import { SERVER_FRAMES, serverFrameSchema } from './frames';

describe('SERVER_FRAMES', () => {
  // The spec's kinds (section 7) are what clients react to; each must be one the server publishes
  // with a schema, or a client would wait for a frame that never comes.
  it.each([
    ['entListen', ENT_LISTEN_KINDS],
    ['userListen', USER_LISTEN_KINDS],
    ['channelListen', CHANNEL_LISTEN_KINDS],
    ['dispatch', DISPATCH_KINDS],
  ] as const)('publishes every kind spec section 7 names on %s', (topic, kinds) => {
    expect(kinds.filter((k) => !(k in SERVER_FRAMES[topic]))).toEqual([]);
  });

  it('finds a schema by topic and kind, and none for kinds never published there', () => {
    expect(serverFrameSchema('entListen', 'UserAdd')).toBe(SERVER_FRAMES.entListen.UserAdd);
    expect(serverFrameSchema('entListen', 'MsgComm')).toBeNull();
    expect(serverFrameSchema('heartbeat', 'Heartbeat')).toBeNull();
  });
});
