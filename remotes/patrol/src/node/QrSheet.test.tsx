import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BASE, node, page, renderPatrol } from '../core/test';

jest.mock('@ptt/map', () => jest.requireActual<object>('../core/test/mapStub'));

const gate = node();
const store = node({ id: 2, name: 'Store', qrCode: 'PN-STORE-0002' });
const answers = { '/api/patrol/nodes': page([gate, store]) };

const rowOf = async (name: string) => within(await screen.findByRole('row', { name: new RegExp(name) }));

describe('QR sheet', () => {
  it('prints the QR codes of the selected nodes, each with its name and code', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderPatrol(`${BASE}/node`, { answers });
    await userEvent.click((await rowOf('Gate')).getByRole('checkbox'));
    await userEvent.click((await rowOf('Store')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Print QR codes' }));
    const sheet = await screen.findByRole('dialog', { name: 'QR codes' });
    expect(await within(sheet).findByRole('img', { name: 'QR code of Gate' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(sheet).getByTestId('qr-2')).toHaveTextContent('StorePN-STORE-0002');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'QR codes' })).toBeNull();
    print.mockRestore();
  });

});
