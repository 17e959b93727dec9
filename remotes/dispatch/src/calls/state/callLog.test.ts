import { CallResultState, SingleCallReceiveState } from '@ptt/contracts';
import type { CallRecord } from '@ptt/contracts';
import { callLogEntry, unseenMissed } from './callLog';

const ME = { uid: 3, account: 'dispatcher1', nickname: 'Dispatcher 1' };
const PEER = { uid: 7, account: 'member1', nickname: 'Member 1' };
const AT = '2026-01-01T08:00:00.000Z';

function record(o: Partial<CallRecord>): CallRecord {
  return {
    id: 1, caller: ME, callee: PEER, state: SingleCallReceiveState.Waiting, result: CallResultState.Hangup, reason: null,
    createdAt: AT, answeredAt: null, endedAt: '2026-01-01T08:00:30.000Z', endedBy: null, ...o,
  };
}

describe('call log entries', () => {
  it("tell who, which way, how it ended and how long it talked, from this user's side", () => {
    const answered = record({ state: SingleCallReceiveState.Talking, reason: 'hangup', answeredAt: '2026-01-01T08:00:05.000Z', endedAt: '2026-01-01T08:01:28.000Z', endedBy: 3 });
    expect(callLogEntry(answered, ME.uid)).toEqual({ id: 1, peer: PEER, direction: 'outgoing', outcome: 'answered', durationMs: 83_000, at: AT });
    expect(callLogEntry(answered, PEER.uid)).toMatchObject({ peer: ME, direction: 'incoming', outcome: 'answered', durationMs: 83_000 });

    const rangOut = record({ reason: 'notAnswered' });
    expect(callLogEntry(rangOut, ME.uid)).toMatchObject({ outcome: 'notAnswered', durationMs: null });
    expect(callLogEntry(rangOut, PEER.uid)).toMatchObject({ outcome: 'missed' });
    const givenUp = record({ reason: 'cancelled', endedBy: ME.uid });
    expect([callLogEntry(givenUp, ME.uid).outcome, callLogEntry(givenUp, PEER.uid).outcome]).toEqual(['cancelled', 'missed']);
    const declined = record({ reason: 'rejected', endedBy: PEER.uid });
    expect([callLogEntry(declined, ME.uid).outcome, callLogEntry(declined, PEER.uid).outcome]).toEqual(['rejected', 'declined']);
    expect(callLogEntry(record({ reason: 'busy', endedBy: PEER.uid }), ME.uid).outcome).toBe('busy');
    expect(callLogEntry(record({ state: SingleCallReceiveState.Exception, result: CallResultState.Exception, reason: 'mediaFailed', answeredAt: AT }), ME.uid).outcome).toBe('failed');
    expect(callLogEntry(record({ result: CallResultState.Wait, endedAt: null }), ME.uid).outcome).toBe('active');
  });

  it('counts the missed calls that came after the log was last looked at', () => {
    const missed = (id: number, at: string) => callLogEntry(record({ id, reason: 'notAnswered', createdAt: at }), PEER.uid);
    const entries = [missed(1, '2026-01-01T08:00:00.000Z'), missed(2, '2026-01-01T09:00:00.000Z'), callLogEntry(record({ id: 3, reason: 'notAnswered' }), ME.uid)];
    expect(unseenMissed(entries, null)).toBe(2);
    expect(unseenMissed(entries, '2026-01-01T08:30:00.000Z')).toBe(1);
    expect(unseenMissed(entries, '2026-01-01T10:00:00.000Z')).toBe(0);
  });
});
