import { CallResultState, SingleCallReceiveState } from '../enums';
import { callListQuerySchema, callRecordSchema, startCallSchema, type CallRecord } from '../rest/calls';
import { msgCommFor, msgCommSchema } from './calls';

const call: CallRecord = {
  id: 7,
  caller: { uid: 1001, account: 'dispatcher1', nickname: 'Dispatcher 1' },
  callee: { uid: 1003, account: 'member1', nickname: 'Member 1' },
  state: SingleCallReceiveState.Waiting,
  result: CallResultState.Wait,
  reason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  answeredAt: null,
  endedAt: null,
  endedBy: null,
};

describe('MsgComm', () => {
  it('carries both parties, the state and the time of the change', () => {
    expect(msgCommSchema.parse(msgCommFor(call, 1003))).toEqual({
      callId: 7,
      callerId: 1001,
      calleeId: 1003,
      caller: call.caller,
      callee: call.callee,
      state: 1,
      result: 0,
      at: call.createdAt,
    });
    const talking = { ...call, state: SingleCallReceiveState.Talking, result: CallResultState.Accept, answeredAt: '2026-01-01T00:00:05.000Z' };
    expect(msgCommFor(talking, 1001).at).toBe(talking.answeredAt);
  });

  it('tells only the party whose peer ended the call: code 2039', () => {
    const ended = { ...call, result: CallResultState.Hangup, reason: 'rejected' as const, endedAt: '2026-01-01T00:00:03.000Z', endedBy: 1003 };
    expect(msgCommFor(ended, 1001)).toMatchObject({ reason: 'rejected', code: 2039, at: ended.endedAt });
    expect(msgCommFor(ended, 1003).code).toBeUndefined();
    const timedOut = { ...ended, reason: 'notAnswered' as const, endedBy: null };
    expect([msgCommFor(timedOut, 1001).code, msgCommFor(timedOut, 1003).code]).toEqual([undefined, undefined]);
  });
});

describe('call REST schemas', () => {
  it('bounds the callee id and lists newest first by default', () => {
    expect(startCallSchema.safeParse({ calleeId: 2 ** 31 }).success).toBe(false);
    expect(startCallSchema.safeParse({ calleeId: 0 }).success).toBe(false);
    expect(callListQuerySchema.parse({})).toMatchObject({ page: 1, sort: 'createdAt', order: 'desc' });
    expect(callListQuerySchema.parse({ result: '2', order: 'asc' })).toMatchObject({ result: 2, order: 'asc' });
    expect(callListQuerySchema.safeParse({ result: '9' }).success).toBe(false);
    expect(callRecordSchema.parse(call)).toEqual(call);
  });
});
