import { CallResultState, SingleCallReceiveState } from '../enums';
import { msgCommFor } from '../realtime/calls';
import { callChatId, parseCallChatId, type CallRecord } from './calls';
import { isPttChatId } from './ptt';

describe('call room chat id', () => {
  it('is {entId}-3-{callId}, parses back, and has no floor', () => {
    expect(callChatId(100001, 42)).toBe('100001-3-42');
    expect(parseCallChatId('100001-3-42')).toEqual({ entId: 100001, callId: 42 });
    expect(isPttChatId('100001-3-42')).toBe(false);
  });

  it.each(['', '100001-1-42', '100001-2-42', '100001-3-', '100001-3-0', '100001-3-42-1', 'a-3-42', '100001-03-42'])('rejects %j', (s) => {
    expect(parseCallChatId(s)).toBeNull();
  });

  it('travels in MsgComm while the call is accepted, and only then', () => {
    const party = (uid: number) => ({ uid, account: `u${uid}`, nickname: `U ${uid}` });
    const at = '2026-01-01T00:00:00.000Z';
    const call: CallRecord = {
      id: 7, caller: party(1), callee: party(2), state: SingleCallReceiveState.Connecting, result: CallResultState.Accept,
      reason: null, createdAt: at, answeredAt: at, endedAt: null, endedBy: null,
    };
    expect(msgCommFor(call, 1, 100001).chatId).toBe('100001-3-7');
    expect(msgCommFor(call, 1).chatId).toBeUndefined();
    const failed = { ...call, state: SingleCallReceiveState.Exception, result: CallResultState.Exception, reason: 'mediaFailed' as const, endedAt: at };
    expect(msgCommFor(failed, 2, 100001)).toMatchObject({ reason: 'mediaFailed', result: CallResultState.Exception });
    expect(msgCommFor(failed, 2, 100001).chatId).toBeUndefined();
    expect(msgCommFor(failed, 2, 100001).code).toBeUndefined();
  });
});
