import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { CallResultState, ServerCode, SingleCallReceiveState, callChatId } from '@ptt/contracts';
import type { CallEndReason, CallParty, CallRecord, MsgComm } from '@ptt/contracts';

/** One 1V1 call as this console knows it, from the REST answers and the MsgComm frames. */
export interface CallView {
  callId: number;
  caller: CallParty;
  callee: CallParty;
  state: SingleCallReceiveState;
  result: CallResultState;
  reason: CallEndReason | null;
  /** 2039 when the other party ended it. */
  code: number | null;
  /** The call's audio room, as the MsgComm frame named it (null from REST answers: see callRoom). */
  chatId: string | null;
}

export interface CallState {
  call: CallView | null;
  /** A call being placed (POST /api/calls not answered yet). */
  pending: { uid: number; nickname: string } | null;
  /** The call could not be placed: whom, and the i18n key of why (busy, suspended...). */
  refusal: { uid: number; nickname: string; key: string } | null;
}

// The store holds this slice under `call` (src/store.ts); this tells core's typed hooks.
declare module '../../core' {
  interface DispatchState {
    call: CallState;
  }
}

const initialState: CallState = { call: null, pending: null, refusal: null };

export function callFromRecord(r: CallRecord, selfId: number): CallView {
  const peerEnded = r.endedBy !== null && r.endedBy !== selfId;
  return {
    callId: r.id,
    caller: r.caller,
    callee: r.callee,
    state: r.state,
    result: r.result,
    reason: r.reason,
    code: peerEnded ? (r.reason === 'busy' ? ServerCode.OtherPartyBusy : ServerCode.OtherPartyHungUp) : null,
    chatId: null,
  };
}

export function callFromFrame(f: MsgComm): CallView {
  return { callId: f.callId, caller: f.caller, callee: f.callee, state: f.state, result: f.result, reason: f.reason ?? null, code: f.code ?? null, chatId: f.chatId ?? null };
}

/** How far a call got: ringing, connecting, talking, ended. Frames and REST answers may cross, and
 *  a late one must not take the dialog back (connecting 3 comes before talking 2). */
function stage(call: CallView): number {
  if (isEnded(call)) return 3;
  if (call.state === SingleCallReceiveState.Talking) return 2;
  return call.state === SingleCallReceiveState.Connecting ? 1 : 0;
}

export const callSlice = createSlice({
  name: 'call',
  initialState,
  reducers: {
    callStarting(state, action: PayloadAction<{ uid: number; nickname: string }>) {
      state.pending = action.payload;
      state.refusal = null;
      state.call = null;
    },
    callRefused(state, action: PayloadAction<{ uid: number; nickname: string; key: string }>) {
      state.pending = null;
      state.refusal = action.payload;
    },
    callChanged(state, action: PayloadAction<CallView>) {
      const next = action.payload;
      const current = state.call;
      // A late frame of an older call does not replace the one on screen.
      if (current && current.callId > next.callId) return;
      // Nor does an older state of the same call (frames and REST answers may cross).
      if (current && current.callId === next.callId && stage(current) > stage(next)) return;
      state.call = { ...next, chatId: next.chatId ?? (current?.callId === next.callId ? current.chatId : null) };
      state.pending = null;
      state.refusal = null;
    },
    callDismissed(state) {
      state.call = null;
      state.pending = null;
      state.refusal = null;
    },
  },
});

export const { callStarting, callRefused, callChanged, callDismissed } = callSlice.actions;

export function isEnded(call: Pick<CallView, 'result'>): boolean {
  return call.result === CallResultState.Hangup || call.result === CallResultState.Exception;
}

export type CallPhase = 'ringingOut' | 'ringingIn' | 'connecting' | 'talking' | 'ended';

export function callPhase(call: CallView, selfId: number | null): CallPhase {
  if (isEnded(call)) return 'ended';
  if (call.state === SingleCallReceiveState.Talking) return 'talking';
  if (call.state === SingleCallReceiveState.Connecting) return 'connecting';
  return call.callee.uid === selfId ? 'ringingIn' : 'ringingOut';
}

/** The audio room of an accepted, active call (from its frame, else by the rule `{entId}-3-{callId}`). */
export function callRoom(call: CallView, entId: number | null): string | null {
  if (isEnded(call) || call.result !== CallResultState.Accept) return null;
  return call.chatId ?? (entId === null ? null : callChatId(entId, call.callId));
}

/** The other party, seen from this console. */
export function callPeer(call: CallView, selfId: number | null): CallParty {
  return call.caller.uid === selfId ? call.callee : call.caller;
}

/** Why an ended call ended, as an i18n key (`ns:key`); `selfId` tells a callee's missed call. */
export function callOutcomeKey(call: CallView, selfId: number | null = null): string {
  const missed = call.callee.uid === selfId && (call.reason === 'notAnswered' || call.reason === 'cancelled');
  if (missed) return 'dispatch:console.call.missed';
  if (call.reason === 'busy') return call.code === ServerCode.OtherPartyBusy ? 'common:rule.otherPartyBusy' : 'dispatch:console.call.rejected';
  if (call.code === ServerCode.OtherPartyHungUp) return 'common:rule.otherPartyHungUp';
  switch (call.reason) {
    case 'mediaFailed':
      return 'dispatch:console.call.mediaFailed';
    case 'notAnswered':
      return 'dispatch:console.call.notAnswered';
    case 'cancelled':
      return 'dispatch:console.call.cancelled';
    case 'rejected':
      return 'dispatch:console.call.rejected';
    case 'hangup':
    case null:
      return 'dispatch:console.call.ended';
  }
}
