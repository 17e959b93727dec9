import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CallResultState, SingleCallReceiveState } from '@ptt/contracts';
import type { CallRecord, MsgComm } from '@ptt/contracts';
import { CallDialog } from './CallDialog';
import { requestCall } from './slice';
import { ConsoleSync } from './sync/ConsoleSync';
import { fakeApi, refusal, renderConsole, startRoutes } from './test/consoleTest';
import type { Handler } from './test/consoleTest';

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

function setup(routes: Record<string, Handler> = {}) {
  const api = fakeApi({ ...startRoutes(), ...routes });
  const rendered = renderConsole(
    <>
      <ConsoleSync />
      <CallDialog />
    </>,
    api,
  );
  return { ...rendered, api };
}

describe('1V1 call dialog', () => {
  it('places a requested call, waits, then talks honestly without audio, and hangs up', async () => {
    const { store, bus, api } = setup({
      'POST /api/calls': () => call(),
      'POST /api/calls/5/hangup': () => call({ state: SingleCallReceiveState.Talking, result: CallResultState.Hangup, reason: 'hangup', endedAt: AT, endedBy: ME.uid }),
    });
    act(() => {
      store.dispatch(requestCall(PEER.uid));
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Call with 7' });
    await waitFor(() => expect(dialog).toHaveTextContent('Waiting for Member 1 to answer…'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ calleeId: PEER.uid });
    act(() => bus.publish('ws/user', frame({ state: SingleCallReceiveState.Talking, result: CallResultState.Accept })));
    expect(dialog).toHaveTextContent('Connected. Audio arrives with the media update.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(dialog).toHaveTextContent('Call ended'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
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

  it('rings for an incoming call, which can be accepted', async () => {
    const incoming = { caller: PEER, callee: ME, callerId: PEER.uid, calleeId: ME.uid };
    const { bus, api } = setup({
      'POST /api/calls/9/accept': () => call({ id: 9, caller: PEER, callee: ME, state: SingleCallReceiveState.Talking, result: CallResultState.Accept, answeredAt: AT }),
    });
    act(() => bus.publish('ws/user', frame({ callId: 9, ...incoming })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Incoming call from Member 1' });
    expect(dialog).toHaveTextContent('Member 1 is calling you');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(dialog).toHaveTextContent('Connected. Audio arrives with the media update.'));
    expect(api.calls.some((c) => c.path === '/api/calls/9/accept')).toBe(true);
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
