import { SCREEN_ALERTS_MAX } from '@ptt/contracts';
import { AT, alert, floorFrame, sos, summary } from '../test/fakes';
import { EMPTY_LIVE, ENDED_MAX, onFrame, onSummary } from './screenState';
import type { LiveAction, ScreenLive } from './screenState';

const T0 = Date.parse(AT);
const frames = (state: ScreenLive, actions: LiveAction[], received = 1_000) => actions.reduce((s, a) => onFrame(s, a, received), state);

describe('screen state', () => {
  it('takes the counts from the summary, then from each ScreenCounts frame', () => {
    let s = onSummary(EMPTY_LIVE, summary(), 0);
    expect(s.counts).toEqual({ online: 3, talking: 0, sos: 0, offline: 7, total: 10 });
    s = onFrame(s, { type: 'counts', counts: { online: 4, talking: 1, sos: 1, offline: 6, total: 10 } }, 10);
    expect(s.counts?.online).toBe(4);
  });

  it('replays the frames that came while a summary was read over it, not the older ones', () => {
    let s = frames(EMPTY_LIVE, [{ type: 'alert', alert: alert(1) }], 100);
    s = onFrame(s, { type: 'alert', alert: alert(2) }, 500);
    s = onFrame(s, { type: 'counts', counts: { online: 9, talking: 0, sos: 0, offline: 1, total: 10 } }, 600);
    // The summary was asked for at 400: it holds alert 1 but not 2, and older counts.
    s = onSummary(s, summary({ alerts: [alert(1)] }), 400);
    expect(s.alerts.map((a) => a.alertId)).toEqual([2, 1]);
    expect(s.counts?.online).toBe(9);
  });

  it('keeps open SOS oldest first, updates an acknowledged one and drops a closed one', () => {
    let s = onSummary(EMPTY_LIVE, summary({ sos: [sos({ sosId: 2, startedAt: '2026-03-01T08:01:00.000Z' })] }), 0);
    s = onFrame(s, { type: 'sos', sos: sos({ sosId: 1 }) }, 1);
    expect(s.sos.map((x) => x.sosId)).toEqual([1, 2]);
    s = onFrame(s, { type: 'sos', sos: sos({ sosId: 1, ackedAt: AT, ackedBy: { id: 3, nickname: 'Dispatcher' } }) }, 2);
    expect(s.sos[0]?.ackedBy?.nickname).toBe('Dispatcher');
    s = onFrame(s, { type: 'sos', sos: sos({ sosId: 2, state: 'closed', closedAt: AT }) }, 3);
    expect(s.sos.map((x) => x.sosId)).toEqual([1]);
  });

  it('shows who talks from floor frames and keeps the last ten ended bursts with their seconds', () => {
    let s = onSummary(EMPTY_LIVE, summary(), 0);
    s = onFrame(s, { type: 'floor', floor: floorFrame(), at: T0 }, 1);
    expect([...s.floors.values()].map((f) => [f.channelName, f.holder.nickname])).toEqual([['Night shift', 'Member 1']]);
    s = onFrame(s, { type: 'floor', floor: floorFrame({ holder: null, since: null, reason: 'released', previous: { uid: 21, nickname: 'Member 1' } }), at: T0 + 7_000 }, 2);
    expect(s.floors.size).toBe(0);
    expect(s.ended[0]).toMatchObject({ channelName: 'Night shift', seconds: 7 });
    // A day of talk: the list stays at ten.
    for (let i = 1; i <= 50; i++) {
      const since = new Date(T0 + i * 60_000).toISOString();
      s = onFrame(s, { type: 'floor', floor: floorFrame({ since, burstId: `b${i}` }), at: T0 + i * 60_000 }, 3 + i);
      s = onFrame(s, { type: 'floor', floor: floorFrame({ holder: null, since: null, reason: 'released' }), at: T0 + i * 60_000 + 3_000 }, 3 + i);
    }
    expect(s.ended).toHaveLength(ENDED_MAX);
    expect(s.journal.length).toBeLessThanOrEqual(200);
  });

  it('ends the first talker when another takes the floor', () => {
    let s = onFrame(EMPTY_LIVE, { type: 'floor', floor: floorFrame(), at: T0 }, 1);
    s = onFrame(s, { type: 'floor', floor: floorFrame({ holder: { uid: 22, nickname: 'Member 2' }, since: '2026-03-01T08:00:04.000Z', reason: 'preempted', previous: { uid: 21, nickname: 'Member 1' } }), at: T0 + 4_000 }, 2);
    expect([...s.floors.values()][0]?.holder.nickname).toBe('Member 2');
    expect(s.ended.map((b) => [b.talker.nickname, b.seconds])).toEqual([['Member 1', 4]]);
  });

  it('keeps at most 20 alerts, newest first, each once', () => {
    let s = onSummary(EMPTY_LIVE, summary({ alerts: [alert(1)] }), 0);
    for (let i = 2; i <= 45; i++) s = onFrame(s, { type: 'alert', alert: alert(i) }, i);
    s = onFrame(s, { type: 'alert', alert: alert(45) }, 46);
    expect(s.alerts).toHaveLength(SCREEN_ALERTS_MAX);
    expect(s.alerts[0]?.alertId).toBe(45);
    expect(s.alerts[1]?.alertId).toBe(44);
  });
});
