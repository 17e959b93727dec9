import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginRecord, OperationRecord, Page } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { ApiError } from '@ptt/event-bus';
import { LoginRecordDialog, OperationRecordDialog, SosRecordDialog } from './recordDialogs';
import { fakeGet, renderDialog, type FakeGet } from './testing';

afterEach(() => setLocale('en'));

const login = (id: number, extra: Partial<LoginRecord> = {}): LoginRecord => ({
  id, userId: 9, account: 'member1', nickname: 'Member 1', time: '2026-03-01T08:00:00.000Z', device: 'Chrome', platform: 'web',
  ip: '10.0.0.1', lng: null, lat: null, abnormal: false, ...extra,
});

// Fluent dialogs are slow to render in jsdom on a busy machine.
jest.setTimeout(20_000);

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe('own record dialogs', () => {
  it('shows the login records with the GPS position and its abnormal flag', async () => {
    const get = fakeGet(() => Promise.resolve({ items: [login(2, { lng: 0, lat: 0, abnormal: true, device: CHROME_UA }), login(1, { device: null })], total: 2 }));
    renderDialog(<LoginRecordDialog onClose={jest.fn()} />, get);
    const table = await screen.findByRole('table', { name: 'Login record' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Time', 'Device', 'GPS location', 'IP']);
    expect(rows[1]).toHaveTextContent('0.000000, 0.000000 Abnormal');
    expect(within(rows[2]!).getAllByRole('cell')[1]).toHaveTextContent('—');
    // Browser and system, the raw agent on hover.
    const device = within(rows[1]!).getAllByRole('cell')[1]!;
    expect(device).toHaveTextContent(/^Chrome 156 · Linux$/);
    expect(within(device).getByTitle(CHROME_UA)).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/me/login-records', expect.objectContaining({ query: { page: 1, size: 10, sort: 'time', order: 'desc' } }));
  });

  it('names operation types in the interface language', async () => {
    const op: OperationRecord = { id: 31, userId: 9, account: 'member1', type: 23, device: 'Chrome', ip: '10.0.0.1', time: '2026-03-01T08:00:00.000Z', detail: {} };
    renderDialog(<OperationRecordDialog onClose={jest.fn()} />, fakeGet(() => Promise.resolve({ items: [op], total: 1 })));
    expect(await screen.findByRole('cell', { name: 'User nickname update' })).toBeInTheDocument();
    act(() => setLocale('zh'));
    expect(await screen.findByRole('cell', { name: '用户昵称修改' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '操作 ID' })).toBeInTheDocument();
  });

  it('says so when there are no records', async () => {
    renderDialog(<SosRecordDialog onClose={jest.fn()} />);
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts on the server by a chosen column', async () => {
    const get = fakeGet(() => Promise.resolve({ items: [login(1)], total: 1 }));
    renderDialog(<LoginRecordDialog onClose={jest.fn()} />, get);
    await userEvent.click(await screen.findByText('Time'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/api/me/login-records', expect.objectContaining({ query: expect.objectContaining({ sort: 'time', order: 'asc' }) as unknown })));
  });

  it('reports a failed load and loads again on retry', async () => {
    const get: FakeGet = jest
      .fn<Promise<unknown>, [string, { query?: Record<string, unknown> }?]>()
      .mockRejectedValueOnce(new ApiError(-1, 'client.networkError', 0, 'down'))
      .mockResolvedValue({ items: [login(1)], total: 1 } satisfies Page<LoginRecord>);
    renderDialog(<LoginRecordDialog onClose={jest.fn()} />, get);
    expect(await screen.findByText('Information load failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Login record' })).toBeInTheDocument();
  });

  it('pages through the records ten at a time', async () => {
    const get = fakeGet((_path, options) => Promise.resolve({ items: [login(Number(options?.query?.page))], total: 25 }));
    renderDialog(<LoginRecordDialog onClose={jest.fn()} />, get);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await waitFor(() => expect(get.mock.calls.map((c) => c[1]?.query?.page)).toEqual([1, 2, 3]));
  });
});
