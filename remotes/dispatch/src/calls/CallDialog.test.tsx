import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CallResultState, SingleCallReceiveState } from '@ptt/contracts';
import type { CallRecord, MsgComm } from '@ptt/contracts';
import { fakeMedia } from '../ptt/test';
import { CallDialog } from './CallDialog';
import { requestCall } from '../core';
import { ConsoleSync } from '../console';
import { ENT_ID, fakeApi, refusal, renderConsole, startRoutes } from '../core/test';
import type { Handler } from '../core/test';

const ME = { uid: 3, account: 'dispatcher1', nickname: 'Dispatcher 1' };
const PEER = { uid: 7, account: 'member1', nickname: 'Member 1' };
const AT = '2026-01-01T08:00:00.000Z';

function call(overrides: Partial<CallRecord> = {}): CallRecord {
  return { id: 5, caller: ME, callee: PEER, state: SingleCallReceiveState.Waiting, result: CallResultState.Wait, reason: null, createdAt: AT, answeredAt: null, endedAt: null, endedBy: null, ...overrides };
}

function frame(overrides: Partial<MsgComm> = {}): { kind: 'MsgComm'; topic: string; data: MsgComm } {
  const data: MsgComm = { callId: 5, callerId: ME.uid, calleeId: PEER.uid, caller: ME, callee: PEER, state: SingleCallReceiveState.Waiting, result: CallResultState.Wait, at: AT, ...overrides };
  return { kind: 'MsgComm', topic: 'msg/listen/user/100001/3', data };
}

const ROOM = `${ENT_ID}-3-5`;
const MEDIA = { available: true, janusPath: '/janus', plugin: 'janus.plugin.audiobridge' };
const accepted = (state: MsgComm['state'], more: Partial<MsgComm> = {}) => frame({ state, result: CallResultState.Accept, chatId: ROOM, ...more });

function setup(routes: Record<string, Handler> = {}) {
  const api = fakeApi({ ...startRoutes(), 'GET /api/ptt/media': () => MEDIA, ...routes });
  const media = fakeMedia();
  const rendered = renderConsole(
    <>
      <ConsoleSync />
      <CallDialog createClient={media.create} />
    </>,
    api,
  );
  return { ...rendered, api, media };
}

describe('1V1 call dialog', () => {
  it('places a requested call, connects its room, talks both ways once the server and the room say so, and hangs up', async () => {
    const { store, bus, api, media } = setup({
      'POST /api/calls': () => call(),
      'POST /api/calls/5/hangup': () => call({ state: SingleCallReceiveState.Talking, result: CallResultState.Hangup, reason: 'hangup', endedAt: AT, endedBy: ME.uid }),
    });
    act(() => {
      store.dispatch(requestCall(PEER.uid));
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Call with 7' });
    await waitFor(() => expect(dialog).toHaveTextContent('Waiting for Member 1 to answer…'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ calleeId: PEER.uid });
    // Opened without a button, the dialog moves focus to its first one (else tabster hides it).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Hang up' })).toHaveFocus());
    expect(media.rooms).toHaveLength(0);

    act(() => bus.publish('ws/user', accepted(SingleCallReceiveState.Connecting)));
    expect(dialog).toHaveTextContent('Connecting…');
    await waitFor(() => expect(media.rooms.map((r) => r.chatId)).toEqual([ROOM]));
    const room = media.last();
    expect(media.clients[0]).toEqual({ janusPath: '/janus', token: 'token' });
    room.set('connected');
    // Our side is up, the other party's not yet: still connecting, and the microphone is not sent.
    expect(screen.getByTestId('call-state')).toHaveAttribute('data-state', 'connecting');
    expect(room.transmitting).toBe(false);

    act(() => bus.publish('ws/user', accepted(SingleCallReceiveState.Talking)));
    expect(dialog).toHaveTextContent('Talking with Member 1');
    expect(room.transmits).toEqual([false, true]);
    // Our connection drops: back to connecting until it is up again.
    room.set('disconnected');
    expect(screen.getByTestId('call-state')).toHaveAttribute('data-state', 'connecting');
    room.set('connected');
    expect(screen.getByTestId('call-state')).toHaveAttribute('data-state', 'talking');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(dialog).toHaveTextContent('Call ended'));
    expect(room.left).toBe(true);
    expect(media.rooms).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("shows the microphone's failure with the spec's message while the call goes on", async () => {
    const { bus, media } = setup();
    act(() => bus.publish('ws/user', accepted(SingleCallReceiveState.Connecting)));
    await waitFor(() => expect(media.rooms).toHaveLength(1));
    const room = media.last();
    room.micProblem = { key: 'client.micPermissionDenied' };
    act(() => room.problems$.next(room.micProblem!));
    expect(await screen.findByRole('alert')).toHaveTextContent('Microphone permission denied');
    room.set('connected');
    act(() => bus.publish('ws/user', accepted(SingleCallReceiveState.Talking)));
    expect(screen.getByTestId('call-state')).toHaveAttribute('data-state', 'talking');
  });

  it("leaves the room and says so when the server ends the call as an exception (audio did not come up)", async () => {
    const { bus, media } = setup();
    act(() => bus.publish('ws/user', accepted(SingleCallReceiveState.Connecting)));
    await waitFor(() => expect(media.rooms).toHaveLength(1));
    act(() => bus.publish('ws/user', frame({ state: SingleCallReceiveState.Exception, result: CallResultState.Exception, reason: 'mediaFailed' })));
    expect(await screen.findByText('The call could not connect its audio')).toBeInTheDocument();
    expect(media.last().left).toBe(true);
  });

  it("says 'The other party is busy' when the callee is in a call (2037)", async () => {
    const { store } = setup({ 'POST /api/calls': () => refusal(2037, 'rule.otherPartyBusy') });
    act(() => {
      store.dispatch(requestCall(PEER.uid));
    });
    expect(await screen.findByText('The other party is busy')).toBeInTheDocument();
  });

  it("says 'The other party is temporarily suspended' for a locked callee (2040)", async () => {
    const { store } = setup({ 'POST /api/calls': () => refusal(2040, 'rule.otherPartySuspended') });
    act(() => {
      store.dispatch(requestCall(PEER.uid));
    });
    expect(await screen.findByText('The other party is temporarily suspended')).toBeInTheDocument();
  });

  it("shows 'Not answered' and 'The other party hung up' as the frames say", async () => {
    const { bus } = setup();
    act(() => bus.publish('ws/user', frame({ result: CallResultState.Hangup, reason: 'notAnswered' })));
    expect(await screen.findByText('Not answered')).toBeInTheDocument();
    act(() => bus.publish('ws/user', frame({ callId: 6, result: CallResultState.Hangup, reason: 'rejected', code: 2039 })));
    expect(await screen.findByText('The other party hung up')).toBeInTheDocument();
  });

  it('rings for an incoming call, which can be accepted: the callee joins the room the call names', async () => {
    const incoming = { caller: PEER, callee: ME, callerId: PEER.uid, calleeId: ME.uid };
    const { bus, api, media } = setup({
      'POST /api/calls/9/accept': () => call({ id: 9, caller: PEER, callee: ME, state: SingleCallReceiveState.Connecting, result: CallResultState.Accept, answeredAt: AT }),
    });
    act(() => bus.publish('ws/user', frame({ callId: 9, ...incoming })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Incoming call from Member 1' });
    expect(dialog).toHaveTextContent('Member 1 is calling you');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(dialog).toHaveTextContent('Connecting…'));
    expect(api.calls.some((c) => c.path === '/api/calls/9/accept')).toBe(true);
    // From the REST answer alone (the frame may come later): the room by its rule.
    await waitFor(() => expect(media.rooms.map((r) => r.chatId)).toEqual([`${ENT_ID}-3-9`]));
  });

  it('rejects an incoming call', async () => {
    const incoming = { caller: PEER, callee: ME, callerId: PEER.uid, calleeId: ME.uid };
    const { bus } = setup({
      'POST /api/calls/9/reject': () => call({ id: 9, caller: PEER, callee: ME, result: CallResultState.Hangup, reason: 'rejected', endedAt: AT, endedBy: ME.uid }),
    });
    act(() => bus.publish('ws/user', frame({ callId: 9, ...incoming })));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Call rejected')).toBeInTheDocument();
  });
});
