import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { BASE, clickMap, node, page, refusal, renderPatrol, task } from '../core/test';

jest.mock('@ptt/map', () => jest.requireActual<object>('../core/test/mapStub'));

const URL = `${BASE}/node`;
const gate = node({ taskCount: 2 });
const store = node({ id: 2, name: 'Store', methods: ['nfc'], nfcTag: '04:A2:19', radiusM: 50, repeatS: 90, qrCode: 'PN-STORE-0002', enabled: false });
const answers = { '/api/patrol/nodes': page([gate, store]), '/api/patrol/tasks': page([task()]) };

afterEach(() => act(() => setLocale('en')));

const rowOf = async (name: string) => within(await screen.findByRole('row', { name: new RegExp(name) }));
const dialog = () => screen.findByRole('dialog');
/** Types into a field at once (userEvent.type is a keystroke at a time: slow on a shared machine). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('node dialog', () => {
  it("refuses a missing name, position and method in the contracts' words before sending", async () => {
    const { post } = renderPatrol(URL, { answers });
    await userEvent.click(await screen.findByRole('button', { name: 'New node' }));
    const form = await dialog();
    for (const m of ['GPS', 'QR code']) await userEvent.click(within(form).getByRole('checkbox', { name: m }));
    fill(within(form).getByRole('spinbutton', { name: /Radius/ }), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Please enter a name')).toBeInTheDocument();
    expect(within(form).getByText('Please place the node on the map')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one way of checking in')).toBeInTheDocument();
    expect(within(form).getByText('The radius must be a whole number from 5 to 1000 metres')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'NFC' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Enter the NFC tag id of a node checked in by NFC')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('places a new node by clicking the map and creates it (WGS-84)', async () => {
    const { post } = renderPatrol(URL, { answers });
    post.mockResolvedValueOnce(node({ id: 3, name: 'Dock' }));
    await userEvent.click(await screen.findByRole('button', { name: 'New node' }));
    const form = await dialog();
    fill(within(form).getByRole('textbox', { name: /Name/ }), 'Dock');
    expect(within(form).getByRole('region', { name: 'Map: click to place the node' })).toBeInTheDocument();
    act(() => clickMap({ lng: 116.3975, lat: 39.9087 }));
    expect(within(form).getByRole('img', { name: 'The node being placed' })).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: 'Longitude' })).toHaveValue(116.3975);
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/patrol/nodes',
        { name: 'Dock', lng: 116.3975, lat: 39.9087, coord: 0, methods: ['gps', 'qr'], radiusM: 30, nfcTag: null, repeatS: 300 },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Node "Dock" created')).toBeInTheDocument();
  });

  it('sends only what changed, says when nothing did, and shows a taken name on its field in Chinese', async () => {
    const { patch } = renderPatrol(URL, { answers });
    await userEvent.click((await rowOf('Store')).getByRole('button', { name: 'Edit' }));
    let form = await dialog();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Patrol information has not been modified')).toBeInTheDocument();
    fill(within(form).getByRole('spinbutton', { name: /Radius/ }), '80');
    patch.mockResolvedValueOnce({ ...store, radiusM: 80 });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/patrol/nodes/2', { radiusM: 80 }, expect.anything()));
    expect(await screen.findByText('Node "Store" saved')).toBeInTheDocument();

    act(() => setLocale('zh'));
    await userEvent.click((await rowOf('Gate')).getByRole('button', { name: '编辑' }));
    form = await dialog();
    patch.mockRejectedValueOnce(refusal(2000, 'rule.patrolNodeNameExists'));
    fill(within(form).getByRole('textbox', { name: /名称/ }), 'Gate2');
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('巡更节点名称已存在')).toBeInTheDocument();
  });
});
