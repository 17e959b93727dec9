import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { BASE, node, page, queriesOf, refusal, renderPatrol, task } from '../core/test';

jest.mock('@ptt/map', () => jest.requireActual<object>('../core/test/mapStub'));

const URL = `${BASE}/node`;
const gate = node({ taskCount: 2 });
const store = node({ id: 2, name: 'Store', methods: ['nfc'], nfcTag: '04:A2:19', radiusM: 50, repeatS: 90, qrCode: 'PN-STORE-0002', enabled: false });
const NODES = '/api/patrol/nodes';

const answers = { [NODES]: page([gate, store]), '/api/patrol/tasks': page([task()]) };

afterEach(() => act(() => setLocale('en')));

const rowOf = async (name: string) => within(await screen.findByRole('row', { name: new RegExp(name) }));

describe('node list', () => {
  it('shows each node with its methods, radius, NFC tag, repeat interval, tasks and state', async () => {
    renderPatrol(URL, { answers });
    const row = await rowOf('Gate');
    expect(row.getAllByRole('cell').map((c) => c.textContent).slice(1)).toEqual(['Gate', 'GPS · QR code', '30 m', '—', '5 min', '2', 'Enabled', expect.any(String)]);
    const other = await rowOf('Store');
    expect(other.getByText('04:A2:19')).toBeInTheDocument();
    expect(other.getByText('1 min 30 s')).toBeInTheDocument();
    expect(other.getByText('Disabled')).toBeInTheDocument();
    // Every node is on the map, pressable.
    const map = screen.getByRole('complementary', { name: 'Map of the patrol nodes' });
    expect(within(map).getByRole('button', { name: 'Select Gate' })).toBeInTheDocument();
    await userEvent.click(within(map).getByRole('button', { name: 'Select Store' }));
    expect(screen.getByTestId('map-node-2')).toHaveAttribute('data-selected', 'true');
  });

  it('asks the server for the search and the filters', async () => {
    const { get } = renderPatrol(URL, { answers });
    await rowOf('Gate');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'ga');
    await waitFor(() => expect(queriesOf(get, NODES).at(-1)).toMatchObject({ q: 'ga', page: 1 }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'false');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'On the route of' }), '5');
    await waitFor(() => expect(queriesOf(get, NODES).at(-1)).toMatchObject({ q: 'ga', enabled: 'false', taskId: '5' }));
  });

  it('disables a node from its row', async () => {
    const { patch } = renderPatrol(URL, { answers });
    patch.mockResolvedValueOnce({ ...gate, enabled: false });
    await userEvent.click((await rowOf('Gate')).getByRole('button', { name: 'More actions for Gate' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/patrol/nodes/1', { enabled: false }, expect.anything()));
    expect(await screen.findByText('Node "Gate" disabled')).toBeInTheDocument();
  });

  it("asks before deleting, and shows the refusal of a node on a route in the rule's words", async () => {
    const { del } = renderPatrol(URL, { answers });
    del.mockRejectedValueOnce(refusal(2000, 'rule.patrolNodeInUse'));
    await userEvent.click((await rowOf('Gate')).getByRole('button', { name: 'More actions for Gate' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete node' });
    expect(confirm).toHaveTextContent('Delete the node "Gate"?');
    expect(del).not.toHaveBeenCalled();
    // Fluent's focus manager may still be handing the page over to the dialog: its button is there all the same.
    await userEvent.click(await within(confirm).findByRole('button', { name: 'Delete', hidden: true }));
    expect(await within(confirm).findByText('The node is on the route of a patrol task')).toBeInTheDocument();
    expect(del).toHaveBeenCalledWith('/api/patrol/nodes/1', undefined, expect.anything());
  });

  it('speaks Chinese', async () => {
    renderPatrol(URL, { answers });
    act(() => setLocale('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '巡更节点' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: '重复间隔' })).toBeInTheDocument();
    expect((await rowOf('Gate')).getByText('GPS · 二维码')).toBeInTheDocument();
  });
});
