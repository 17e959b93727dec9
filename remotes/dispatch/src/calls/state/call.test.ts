import { CallResultState, ServerCode, SingleCallReceiveState } from '@ptt/contracts';
import { createDispatchStore } from '../../store';
import { callChanged, callOutcomeKey, callPeer, callPhase, callRoom } from './call';
import type { CallView } from './call';

const ME = { uid: 3, account: 'dispatcher1', nickname: 'Dispatcher 1' };
const PEER = { uid: 7, account: 'member1', nickname: 'Member 1' };

function view(overrides: Partial<CallView> = {}): CallView {
  return { callId: 5, caller: ME, callee: PEER, state: SingleCallReceiveState.Waiting, result: CallResultState.Wait, reason: null, code: null, chatId: null, ...overrides };
}

describe('call state', () => {
  it('tells ringing out from ringing in, talking and ended', () => {
    expect(callPhase(view(), ME.uid)).toBe('ringingOut');
    expect(callPhase(view({ caller: PEER, callee: ME }), ME.uid)).toBe('ringingIn');
    expect(callPhase(view({ state: SingleCallReceiveState.Connecting, result: CallResultState.Accept }), ME.uid)).toBe('connecting');
    expect(callPhase(view({ state: SingleCallReceiveState.Talking, result: CallResultState.Accept }), ME.uid)).toBe('talking');
    expect(callPhase(view({ state: SingleCallReceiveState.Exception, result: CallResultState.Exception, reason: 'mediaFailed' }), ME.uid)).toBe('ended');
    expect(callPhase(view({ result: CallResultState.Hangup, reason: 'notAnswered' }), ME.uid)).toBe('ended');
    expect(callPeer(view({ caller: PEER, callee: ME }), ME.uid)).toEqual(PEER);
  });

  it('names why a call ended', () => {
    const ended = (o: Partial<CallView>) => callOutcomeKey(view({ result: CallResultState.Hangup, ...o }));
    expect(ended({ reason: 'notAnswered' })).toBe('dispatch:console.call.notAnswered');
    expect(ended({ reason: 'rejected', code: ServerCode.OtherPartyHungUp })).toBe('common:rule.otherPartyHungUp');
    expect(ended({ reason: 'hangup', code: ServerCode.OtherPartyHungUp })).toBe('common:rule.otherPartyHungUp');
    expect(ended({ reason: 'cancelled' })).toBe('dispatch:console.call.cancelled');
    expect(ended({ reason: 'hangup' })).toBe('dispatch:console.call.ended');
    expect(ended({ result: CallResultState.Exception, reason: 'mediaFailed' })).toBe('dispatch:console.call.mediaFailed');
    // Declined as busy: the caller hears the other party is busy (2037); the callee declined it.
    expect(ended({ reason: 'busy', code: ServerCode.OtherPartyBusy })).toBe('common:rule.otherPartyBusy');
    expect(ended({ reason: 'busy' })).toBe('dispatch:console.call.rejected');
  });

  it('tells the callee a call rang out or was given up as missed, and the caller not answered or cancelled', () => {
    const incoming = (reason: CallView['reason'], code: number | null = null) =>
      callOutcomeKey(view({ caller: PEER, callee: ME, result: CallResultState.Hangup, reason, code }), ME.uid);
    expect(incoming('notAnswered')).toBe('dispatch:console.call.missed');
    expect(incoming('cancelled', ServerCode.OtherPartyHungUp)).toBe('dispatch:console.call.missed');
    expect(incoming('hangup', ServerCode.OtherPartyHungUp)).toBe('common:rule.otherPartyHungUp');
    expect(callOutcomeKey(view({ result: CallResultState.Hangup, reason: 'notAnswered' }), ME.uid)).toBe('dispatch:console.call.notAnswered');
    expect(callOutcomeKey(view({ result: CallResultState.Hangup, reason: 'cancelled' }), ME.uid)).toBe('dispatch:console.call.cancelled');
  });

  it('keeps an ended call ended and a newer call over an older one', () => {
    const store = createDispatchStore();
    store.dispatch(callChanged(view({ result: CallResultState.Hangup, reason: 'hangup' })));
    store.dispatch(callChanged(view()));
    expect(store.getState().call.call?.result).toBe(CallResultState.Hangup);
    store.dispatch(callChanged(view({ callId: 6 })));
    store.dispatch(callChanged(view({ callId: 4 })));
    expect(store.getState().call.call?.callId).toBe(6);
  });

  it('never goes back from talking to connecting, and keeps the room the frame named', () => {
    const store = createDispatchStore();
    const accepted = { result: CallResultState.Accept } as const;
    store.dispatch(callChanged(view({ ...accepted, state: SingleCallReceiveState.Connecting, chatId: '100001-3-5' })));
    store.dispatch(callChanged(view({ ...accepted, state: SingleCallReceiveState.Talking })));
    store.dispatch(callChanged(view({ ...accepted, state: SingleCallReceiveState.Connecting })));
    const now = store.getState().call.call!;
    expect([now.state, now.chatId]).toEqual([SingleCallReceiveState.Talking, '100001-3-5']);
  });

  it('names the room of an accepted call only', () => {
    const accepted = view({ state: SingleCallReceiveState.Connecting, result: CallResultState.Accept });
    expect(callRoom(accepted, 100001)).toBe('100001-3-5');
    expect(callRoom({ ...accepted, chatId: '100001-3-99' }, 100001)).toBe('100001-3-99');
    expect(callRoom(view(), 100001)).toBeNull();
    expect(callRoom({ ...accepted, result: CallResultState.Hangup }, 100001)).toBeNull();
  });
});
