import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CallResultState, SingleCallReceiveState } from '@ptt/contracts';
import type { CallRecord } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { CallLog } from './CallLog';
import { callChanged, callFromRecord } from './state/call';
import { fakeApi, refusal, renderConsole, session } from '../core/test';

// Issue 15: the console's call log, and the missed calls it counts for the callee.

jest.setTimeout(20_000);

const ME = { uid: 3, account: 'dispatcher1', nickname: 'Dispatcher 1' };
const PEER = { uid: 7, account: 'member1', nickname: 'Member 1' };

function record(o: Partial<CallRecord>): CallRecord {
  return {
    id: 1, caller: PEER, callee: ME, state: SingleCallReceiveState.Waiting, result: CallResultState.Hangup, reason: 'notAnswered',
    createdAt: new Date(Date.now() - 60_000).toISOString(), answeredAt: null, endedAt: new Date().toISOString(), endedBy: null, ...o,
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => act(() => setLocale('en')));

it('lists recent calls with who, direction, outcome, duration and time, counts missed ones until opened, and calls back', async () => {
  let calls: CallRecord[] = [
    record({ id: 2 }),
    record({ id: 1, caller: ME, callee: PEER, state: SingleCallReceiveState.Talking, reason: 'hangup', answeredAt: '2026-01-01T08:00:05.000Z', endedAt: '2026-01-01T08:01:28.000Z', createdAt: '2026-01-01T08:00:00.000Z', endedBy: 3 }),
  ];
  const api = fakeApi({ 'GET /api/records/calls': () => ({ items: calls, total: calls.length }) });
  const { store } = renderConsole(<CallLog />, api, session());
  const button = await screen.findByRole('button', { name: 'Call log, 1 missed' });
  expect(within(button).getByTestId('call-log-missed')).toHaveTextContent('1');
  expect(api.calls[0]).toMatchObject({ path: '/api/records/calls', query: { userId: 3, size: 50 } });

  await userEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Recent calls' });
  const rows = await within(dialog).findAllByTestId('call-log-entry');
  expect(rows.map((r) => [r.getAttribute('data-direction'), r.getAttribute('data-outcome')])).toEqual([
    ['incoming', 'missed'],
    ['outgoing', 'answered'],
  ]);
  expect(rows[0]).toHaveTextContent(/Member 1.*Incoming.*Missed.*—/);
  expect(rows[1]).toHaveTextContent(/Member 1.*Outgoing.*Answered.*1:23/);
  expect(rows[1]!.querySelector('time')).toHaveAttribute('datetime', '2026-01-01T08:00:00.000Z');
  // Looked at: the badge goes, and stays gone after a reload of the console.
  // The dialog is modal: Fluent hides the page behind it from the accessibility tree (at a moment
  // jsdom does not fix), so the button is looked up hidden or not.
  expect(screen.getByRole('button', { name: 'Call log', hidden: true })).toBeInTheDocument();

  // Another call rings out while the console is open: the log reloads when it ends.
  calls = [record({ id: 3, createdAt: new Date(Date.now() + 1000).toISOString() }), ...calls];
  act(() => {
    store.dispatch(callChanged(callFromRecord(calls[0]!, ME.uid)));
  });
  await waitFor(() => expect(within(dialog).getAllByTestId('call-log-entry')).toHaveLength(3), { timeout: 5000 });

  act(() => setLocale('zh'));
  expect(within(dialog).getAllByTestId('call-log-entry')[0]).toHaveTextContent(/Member 1.*呼入.*未接/);
  act(() => setLocale('en'));

  await userEvent.click(within(dialog).getAllByLabelText('Call Member 1')[0]!);
  expect(store.getState().console.callRequest).toMatchObject({ uid: PEER.uid });
});

it('says when the log cannot load', async () => {
  // No answer at all (the server unreachable): the spec's "information load failed".
  const failing = fakeApi({ 'GET /api/records/calls': () => refusal(-1, 'client.networkError') });
  renderConsole(<CallLog />, failing, session());
  await userEvent.click(await screen.findByRole('button', { name: 'Call log' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Information load failed');
});

it('says when there are no calls yet, in Chinese too', async () => {
  renderConsole(<CallLog />, fakeApi({ 'GET /api/records/calls': () => ({ items: [], total: 0 }) }), session());
  await userEvent.click(await screen.findByRole('button', { name: 'Call log' }));
  expect(await screen.findByText('No calls yet')).toBeInTheDocument();
  act(() => setLocale('zh'));
  expect(await screen.findByText('暂无通话')).toBeInTheDocument();
});
