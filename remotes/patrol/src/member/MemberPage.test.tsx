import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatrolRunDetail } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { BASE, afterInvalidation, member, page, queriesOf, renderPatrol, task } from '../core/test';

jest.mock('@ptt/map', () => jest.requireActual<object>('../core/test/mapStub'));

const URL = `${BASE}/member`;
const MEMBERS = '/api/patrol/members';
const guard = member();
const idle = member({ uid: 22, account: 'guard2', nickname: 'Guard 2', online: false, position: null, currentRun: null, lastCheckin: null });

const stop = (seq: number, name: string, result: 'pending' | 'onTime') => ({
  seq,
  nodeId: seq + 1,
  name,
  lng: 116.4 + seq / 1000,
  lat: 39.9,
  radiusM: 30,
  plannedAt: '2026-03-02T08:00:00.000Z',
  toleranceS: 300,
  result,
  checkinId: null,
  checkedAt: null,
  checkedBy: null,
});

const run: PatrolRunDetail = {
  id: 70,
  task: { id: 5, name: 'Yard round' },
  order: 'ordered',
  status: 'active',
  source: 'schedule',
  startedBy: null,
  plannedStart: '2026-03-02T08:00:00.000Z',
  deadline: '2026-03-02T09:00:00.000Z',
  firstCheckin: null,
  lastCheckin: null,
  endedAt: null,
  total: 4,
  onTime: 1,
  early: 0,
  late: 0,
  missed: 1,
  plannedS: 900,
  actualS: null,
  flag: null,
  members: [],
  nodes: [stop(0, 'Gate', 'onTime'), stop(1, 'Store', 'pending'), stop(2, 'Dock', 'pending')],
  tracks: [],
};

const answers = { [MEMBERS]: page([guard, idle]), '/api/patrol/tasks': page([task()]), '/api/patrol/runs/70': run };

afterEach(() => act(() => setLocale('en')));

const rowOf = async (name: string) => within(await screen.findByRole('row', { name: new RegExp(name) }));

describe('patrol members', () => {
  it('shows who patrols with their run, progress, next node and last check-in, and the run on the map', async () => {
    renderPatrol(URL, { answers });
    const row = await rowOf('guard1');
    expect(row.getByText('Online')).toBeInTheDocument();
    expect(row.getByText('Yard round')).toBeInTheDocument();
    expect(row.getByRole('progressbar', { name: 'Progress of Guard 1' })).toBeInTheDocument();
    expect(row.getByText('1 of 4 done · 1 missed')).toBeInTheDocument();
    expect(row.getByText('Store')).toBeInTheDocument();
    expect(row.getByText(/Gate · On time/)).toBeInTheDocument();
    const other = await rowOf('guard2');
    expect(other.getByText('Offline')).toBeInTheDocument();
    expect(other.getByText('Not on a run')).toBeInTheDocument();
    const map = screen.getByRole('complementary', { name: 'Map of the patrol members' });
    expect(within(map).getByRole('button', { name: 'Select Guard 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('pending-nodes')).toHaveAttribute('data-count', '2'));
    expect(within(map).getByText('Pending nodes of Guard 1’s run (Yard round)')).toBeInTheDocument();
    await userEvent.click(other.getByRole('button', { name: 'Show Guard 2 on the map' }));
    expect(await within(map).findByText('Guard 2 has no position yet')).toBeInTheDocument();
  });

  it('filters by task and by who is on a run now', async () => {
    const { get } = renderPatrol(URL, { answers });
    await rowOf('guard1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Task' }), '5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'On a run now' }));
    await waitFor(() => expect(queriesOf(get, MEMBERS).at(-1)).toMatchObject({ taskId: '5', active: 'true', page: 1 }));
  });

  it('refetches on a check-in from ws/patrol, and speaks Chinese', async () => {
    const { get, bus } = renderPatrol(URL, { answers });
    await rowOf('guard1');
    const before = queriesOf(get, MEMBERS).length;
    act(() => bus.publish('ws/patrol', { kind: 'PatrolChange', topic: 'dispatch/100001', data: { what: 'checkin', id: 9, run: null } } as never));
    await afterInvalidation();
    await waitFor(() => expect(queriesOf(get, MEMBERS).length).toBeGreaterThan(before));
    act(() => setLocale('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '巡更成员' })).toBeInTheDocument();
    expect((await rowOf('guard1')).getByText('已完成 1/4 · 漏检 1')).toBeInTheDocument();
  });
});
