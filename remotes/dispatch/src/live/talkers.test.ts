import { mapTalkers, talkSeconds } from './talkers';
import type { HeldFloorLike } from './talkers';

const ENT = 100001;
const names = new Map([
  [1, 'General'],
  [2, 'Security'],
  [3, 'Logistics'],
]);
const held = (uid: number, nickname: string, since: string | null): HeldFloorLike => ({ holder: { uid, nickname }, since });

describe('mapTalkers', () => {
  it('draws the holders of watched channels and of the selected one, not of other channels or temporary rooms', () => {
    const floors = {
      [`${ENT}-1-1`]: held(5, 'Member One', '2025-01-01T08:00:00.000Z'),
      [`${ENT}-1-2`]: held(6, 'Member Two', '2025-01-01T08:00:03.000Z'),
      // Not watched, not selected.
      [`${ENT}-1-3`]: held(7, 'Member Three', '2025-01-01T08:00:04.000Z'),
      // A temporary channel's floor.
      [`${ENT}-2-1`]: held(8, 'Member Four', null),
    };
    const talkers = mapTalkers({ floors, entId: ENT, watched: [1], selected: 2, names });
    expect(talkers).toEqual([
      { uid: 5, nickname: 'Member One', channels: ['General'], since: Date.UTC(2025, 0, 1, 8, 0, 0) },
      { uid: 6, nickname: 'Member Two', channels: ['Security'], since: Date.UTC(2025, 0, 1, 8, 0, 3) },
    ]);
    expect(mapTalkers({ floors, entId: ENT, watched: [], selected: null, names })).toEqual([]);
    // Another enterprise's chat ids are not ours.
    expect(mapTalkers({ floors, entId: 100002, watched: [1, 2, 3], selected: null, names })).toEqual([]);
  });

  it('makes one talker of a member holding several floors, counting from the earliest grant', () => {
    const floors = {
      [`${ENT}-1-1`]: held(5, 'Member One', '2025-01-01T08:00:05.000Z'),
      [`${ENT}-1-3`]: held(5, 'Member One', '2025-01-01T08:00:02.000Z'),
      [`${ENT}-1-9`]: held(5, 'Member One', null),
    };
    // The selected channel is also watched: named once.
    const [talker, ...rest] = mapTalkers({ floors, entId: ENT, watched: [1, 3, 9], selected: 1, names });
    expect(rest).toEqual([]);
    expect(talker).toEqual({ uid: 5, nickname: 'Member One', channels: ['General', 'Logistics', '9'], since: Date.UTC(2025, 0, 1, 8, 0, 2) });
  });

  it('leaves the start unknown when the server gave none or an unreadable one', () => {
    const floors = { [`${ENT}-1-1`]: held(5, 'Member One', null), [`${ENT}-1-2`]: held(6, 'Member Two', 'soon') };
    expect(mapTalkers({ floors, entId: ENT, watched: [1, 2], selected: null, names }).map((t) => t.since)).toEqual([null, null]);
  });
});

describe('talkSeconds', () => {
  it('counts whole seconds and never below zero', () => {
    expect(talkSeconds(1_000, 13_999)).toBe(12);
    expect(talkSeconds(1_000, 1_000)).toBe(0);
    expect(talkSeconds(5_000, 1_000)).toBe(0);
  });
});
