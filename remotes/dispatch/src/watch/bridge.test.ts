import type { Patch } from '@ptt/contracts';
import type { HeldFloor } from '../ptt';
import { bridgeMutedChats } from './bridge';

const A = '1-1-1';
const B = '1-1-2';
const C = '1-1-3';
const patch = (chatIds: string[]): Patch => ({ id: 'p', channelIds: chatIds.map((_, i) => i + 1), chatIds, createdBy: { uid: 3, nickname: 'D' }, createdAt: '' });
const floor = (uid: number, via: HeldFloor['via']): HeldFloor => ({ holder: { uid, nickname: `u${uid}` }, since: null, until: null, via });
const rule = (over: Partial<Parameters<typeof bridgeMutedChats>[0]>) =>
  [...bridgeMutedChats({ patches: [], floors: {}, heard: new Set(), selfUid: 3, allCalling: [], ...over })].sort();

describe('which bridges a console leaves unheard', () => {
  it('none by default', () => expect(rule({ heard: new Set([A, B]) })).toEqual([]));

  it('a patched channel whose other patched channels are all heard', () => {
    expect(rule({ patches: [patch([A, B])], heard: new Set([A, B]) })).toEqual([A, B]);
    // Only A heard: B's bridge carries A's talkers (heard already); A's carries B's, which are not.
    expect(rule({ patches: [patch([A, B])], heard: new Set([A]) })).toEqual([B]);
    expect(rule({ patches: [patch([A, B, C])], heard: new Set([A, B]) })).toEqual([C]);
  });

  it('a floor bridged from a heard room, not from one that is not heard', () => {
    expect(rule({ floors: { [B]: floor(7, { kind: 'patch', id: 'p', chatId: A }) }, heard: new Set([A]) })).toEqual([B]);
    expect(rule({ floors: { [B]: floor(7, { kind: 'patch', id: 'p', chatId: C }) }, heard: new Set([A]) })).toEqual([]);
  });

  it("our own all-call, from the press and by its floors; another dispatcher's is heard", () => {
    expect(rule({ allCalling: [A, B] })).toEqual([A, B]);
    expect(rule({ floors: { [C]: floor(3, { kind: 'allcall', id: 'c', chatId: null }) } })).toEqual([C]);
    expect(rule({ floors: { [C]: floor(4, { kind: 'allcall', id: 'c', chatId: null }) } })).toEqual([]);
  });
});
