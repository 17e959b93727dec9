import { CallResultState, SingleCallReceiveState } from '../enums';
import { msgCommFor } from '../realtime/calls';
import { callChatId, isMissedCall, parseCallChatId, type CallRecord } from './calls';
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

describe('missed and busy calls', () => {
  const party = (uid: number) => ({ uid, account: `u${uid}`, nickname: `U ${uid}` });
  const at = '2026-01-01T00:00:00.000Z';
  const ended = (reason: CallRecord['reason'], answeredAt: string | null = null, endedBy: number | null = null): CallRecord => ({
    id: 9, caller: party(1), callee: party(2), state: SingleCallReceiveState.Waiting, result: CallResultState.Hangup,
    reason, createdAt: at, answeredAt, endedAt: at, endedBy,
  });

  it('counts a call missed when nobody answered it or the caller gave up while it rang', () => {
    expect(isMissedCall(ended('notAnswered'))).toBe(true);
    expect(isMissedCall(ended('cancelled', null, 1))).toBe(true);
    for (const reason of ['rejected', 'busy', 'mediaFailed'] as const) expect(isMissedCall(ended(reason, null, 2))).toBe(false);
    expect(isMissedCall(ended('hangup', at, 1))).toBe(false);
    expect(isMissedCall({ ...ended(null), endedAt: null })).toBe(false);
  });

  it('tells the caller 2037 when the callee declined as busy, 2039 when they rejected', () => {
    expect(msgCommFor(ended('busy', null, 2), 1).code).toBe(2037);
    expect(msgCommFor(ended('busy', null, 2), 2).code).toBeUndefined();
    expect(msgCommFor(ended('rejected', null, 2), 1).code).toBe(2039);
  });
});
