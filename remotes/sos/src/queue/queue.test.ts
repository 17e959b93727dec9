import { record, msgOf } from '../test/fakes';
import { applyChanges, changeFromMsg, changeFromRecord, entryFromRecord, pruneChanges, recordChange, type QueueChanges } from './queue';

const a = record({ id: 1, startedAt: '2026-03-01T08:00:00.000Z' });
const b = record({ id: 2, startedAt: '2026-03-01T08:05:00.000Z' });
const c = record({ id: 3, startedAt: '2026-03-01T08:05:00.000Z' });
const staff = { id: 3, nickname: 'Dispatcher 1' };
const ids = (changes: QueueChanges, base = [a, b].map(entryFromRecord)) => applyChanges(base, changes.values()).map((e) => e.id);

describe('open queue', () => {
  it('is oldest first, ties by id', () => {
    expect(applyChanges([c, b, a].map(entryFromRecord), []).map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('adds a raise heard after the read in its place and removes a close', () => {
    let changes: QueueChanges = new Map();
    changes = recordChange(changes, changeFromMsg(msgOf(c), 10));
    expect(ids(changes)).toEqual([1, 2, 3]);
    changes = recordChange(changes, changeFromMsg(msgOf(a, { state: 'closed' }), 11));
    expect(ids(changes)).toEqual([2, 3]);
  });

  it('keeps acknowledgement and escalation whatever order the views arrive in', () => {
    const acked = { ...a, ackedAt: '2026-03-01T08:01:00.000Z', ackedBy: staff };
    let changes: QueueChanges = recordChange(new Map(), changeFromRecord(acked, 10));
    // The escalation frame was sent before the acknowledgement but lands after its answer.
    changes = recordChange(changes, changeFromMsg(msgOf(a, { escalatedAt: '2026-03-01T08:00:59.000Z' }), 11));
    const [first] = applyChanges([entryFromRecord(a)], changes.values());
    expect(first).toMatchObject({ ackedAt: acked.ackedAt, ackedBy: staff, escalatedAt: '2026-03-01T08:00:59.000Z' });
    // A read taken before the acknowledgement does not take it back either.
    const [again] = applyChanges([entryFromRecord(a)], [changeFromMsg(msgOf(a), 1)]);
    expect(again?.ackedAt).toBeNull();
    const [kept] = applyChanges([entryFromRecord(acked)], [changeFromMsg(msgOf(a), 1)]);
    expect(kept?.ackedBy).toEqual(staff);
  });

  it('a close is final: an open view of the same SOS after it does not bring it back', () => {
    let changes: QueueChanges = recordChange(new Map(), changeFromRecord({ ...a, state: 'closed' }, 10));
    changes = recordChange(changes, changeFromMsg(msgOf(a), 12));
    expect(ids(changes)).toEqual([2]);
    expect(changes.get(1)?.at).toBe(12);
  });

  it('a new read drops what was heard before it started and keeps what came during it', () => {
    let changes: QueueChanges = recordChange(new Map(), changeFromMsg(msgOf(c), 10));
    changes = recordChange(changes, changeFromMsg(msgOf(b, { state: 'closed' }), 20));
    const pruned = pruneChanges(changes, 15);
    expect([...pruned.keys()]).toEqual([2]);
    // Nothing to drop: the same object, so nothing renders again.
    expect(pruneChanges(pruned, 15)).toBe(pruned);
  });
});
