import { record } from '../test/fakes';
import { entryFromRecord } from '../queue/queue';
import { alarmOf } from './alarm';

const staff = { id: 3, nickname: 'Dispatcher 1' };
const open = (over: Parameters<typeof record>[0] = {}) => entryFromRecord(record(over));

describe('alarm', () => {
  it('is silent with nothing open', () => {
    expect(alarmOf([])).toEqual({ wanted: false, level: 1 });
  });

  it('sounds at level 1 while an open SOS is not acknowledged', () => {
    expect(alarmOf([open({ id: 1 }), open({ id: 2, ackedAt: '2026-03-01T08:01:00.000Z', ackedBy: staff })])).toEqual({ wanted: true, level: 1 });
  });

  it('is silent when every open SOS is acknowledged, escalated or not', () => {
    expect(alarmOf([open({ ackedAt: '2026-03-01T08:01:00.000Z', ackedBy: staff, escalatedAt: '2026-03-01T08:00:59.000Z' })])).toEqual({ wanted: false, level: 1 });
  });

  it('goes to level 2 while an unacknowledged one escalated', () => {
    const escalated = open({ id: 2, escalatedAt: '2026-03-01T08:01:00.000Z' });
    expect(alarmOf([open({ id: 1 }), escalated])).toEqual({ wanted: true, level: 2 });
  });
});
