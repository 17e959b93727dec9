import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import type { CommandState, DeviceCommandRecord } from '@ptt/contracts';
import { CommandBar } from './CommandBar';
import { selectMember } from '../core';
import { ConsoleSync } from '../console';
import { device, fakeApi, refusal, renderConsole, session, startRoutes } from '../core/test';

const MEMBER = 7;
const DEVICE = 21;

function record(id: number, command: DeviceCommandRecord['command']): DeviceCommandRecord {
  const at = '2026-01-01T08:00:00.000Z';
  return { id, deviceId: DEVICE, command, state: 'sent', user: null, issuedBy: null, detail: null, createdAt: at, updatedAt: at, expiresAt: at };
}

function setup(devices = [device(DEVICE, MEMBER)]) {
  let next = 40;
  const api = fakeApi({
    ...startRoutes({ devices }),
    [`GET /api/devices/${DEVICE}/commands`]: () => ({ items: [], total: 0 }),
    [`POST /api/devices/${DEVICE}/commands`]: (body) => record(++next, (body as { command: DeviceCommandRecord['command'] }).command),
  });
  const rendered = renderConsole(
    <>
      <ConsoleSync />
      <CommandBar />
    </>,
    api,
  );
  act(() => {
    rendered.store.dispatch(selectMember(MEMBER));
  });
  const posts = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.body);
  return { ...rendered, api, posts };
}

// In jsdom, tabster's modalizer sometimes leaves aria-hidden on a just-opened alert dialog itself
// (on a loaded machine); Chromium does not (e2e/tests/commands.spec.ts finds it by role).
const JSDOM_MODAL = true;

const frame = (commandId: number, state: CommandState, at: string, detail?: unknown) => ({
  kind: 'DeviceInfo' as const,
  t: 'CommandStatus' as const,
  topic: 'dispatch/100001',
  data: { commandId, deviceId: DEVICE, command: 'stun' as const, state, at, detail },
});

describe('command bar', () => {
  it('sends remote stun and shows sent, delivered, executed as the frames arrive', async () => {
    const { bus, posts } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Remote stun' }));
    // Stun silences a field handset: it waits for the confirmation (the next test covers cancel).
    const confirm = await screen.findByRole('button', { name: 'Stun the device', hidden: JSDOM_MODAL });
    expect(posts()).toEqual([]);
    await userEvent.click(confirm);
    await waitFor(() => expect(posts()).toEqual([{ command: 'stun', confirm: true }]));
    const entry = await screen.findByTestId('command-entry');
    expect(within(entry).getByTestId('command-state')).toHaveTextContent('Sent');
    act(() => bus.publish('ws/dispatch', frame(41, 'delivered', '2026-01-01T08:00:01.000Z')));
    expect(within(entry).getByTestId('command-state')).toHaveTextContent('Delivered');
    act(() => bus.publish('ws/dispatch', frame(41, 'executed', '2026-01-01T08:00:02.000Z', 'ok, stunned')));
    expect(within(entry).getByTestId('command-state')).toHaveTextContent('Executed');
    expect(within(entry).getAllByTestId('command-step').map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Sent \d\d:\d\d:00$/),
      expect.stringMatching(/^Delivered \d\d:\d\d:01$/),
      expect.stringMatching(/^Executed \d\d:\d\d:02$/),
    ]);
    expect(entry).toHaveTextContent('Detail: ok, stunned');
    // A position frame on the same topic is not a command.
    act(() => bus.publish('ws/dispatch', { kind: 'DeviceInfo', t: 'Location', topic: 'dispatch/100001', data: { uid: MEMBER, lng: 1, lat: 2, coord: 0, time: 1 } }));
    expect(screen.getAllByTestId('command-entry')).toHaveLength(1);
  });

  it('asks before remote kill: cancel sends nothing, confirm sends it with confirm: true', async () => {
    const { posts } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Remote kill' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remote kill', hidden: JSDOM_MODAL });
    expect(dialog).toHaveTextContent('Handset 21');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: JSDOM_MODAL }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: JSDOM_MODAL })).not.toBeInTheDocument());
    expect(posts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remote kill' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { hidden: JSDOM_MODAL })).getByRole('button', { name: 'Kill the device', hidden: JSDOM_MODAL }));
    await waitFor(() => expect(posts()).toEqual([{ command: 'kill', confirm: true }]));
  });

  it('asks before remote stun, naming the member and the device; awaken stays one click', async () => {
    const { posts } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Remote stun' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remote stun', hidden: JSDOM_MODAL });
    expect(dialog).toHaveTextContent('Handset 21');
    expect(dialog).toHaveTextContent('User 7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: JSDOM_MODAL }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: JSDOM_MODAL })).not.toBeInTheDocument());
    expect(posts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remote awaken' }));
    await waitFor(() => expect(posts()).toEqual([{ command: 'awaken' }]));
  });

  it('sends the camera and other device commands from their menus', async () => {
    const { posts } = setup();
    await userEvent.click(await screen.findByRole('button', { name: /Environment monitor/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rear camera' }));
    await userEvent.click(screen.getByRole('button', { name: 'More commands' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Device info' }));
    await userEvent.click(screen.getByRole('button', { name: 'Environment listen' }));
    await waitFor(() => expect(posts()).toEqual([{ command: 1 }, { command: 6 }, { command: 2 }]));
  });

  it("says 'Device not found' when the member has no device", async () => {
    setup([]);
    expect(await screen.findByText('Device not found')).toBeInTheDocument();
  });

  it("says 'Member not activated' when the member's device is not active", async () => {
    setup([device(DEVICE, MEMBER, { active: false })]);
    expect(await screen.findByText('Member not activated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remote stun' })).not.toBeInTheDocument();
  });

  it('shows a refused command as a notification', async () => {
    const api = fakeApi({ ...startRoutes({ devices: [device(DEVICE, MEMBER)] }), [`GET /api/devices/${DEVICE}/commands`]: () => ({ items: [], total: 0 }), [`POST /api/devices/${DEVICE}/commands`]: () => refusal(2001, 'rule.insufficientPermissions') });
    const { store, bus } = renderConsole(<><ConsoleSync /><CommandBar /></>, api);
    const notices: unknown[] = [];
    bus.on('notify').subscribe((n) => notices.push(n));
    act(() => {
      store.dispatch(selectMember(MEMBER));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remote awaken' }));
    await waitFor(() => expect(notices).toEqual([{ intent: 'error', key: 'rule.insufficientPermissions' }]));
  });

  it('is not there for a member, who may not send commands', () => {
    renderConsole(<CommandBar />, fakeApi({}), session({ role: Role.User }));
    expect(screen.queryByRole('heading', { name: /Commands/ })).not.toBeInTheDocument();
  });
});
