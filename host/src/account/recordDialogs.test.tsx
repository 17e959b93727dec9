import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginRecord, OperationRecord, Page } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { ApiError } from '@ptt/event-bus';
import { LoginRecordDialog, OperationRecordDialog, SosRecordDialog } from './recordDialogs';
import { fakeAccountApi, renderDialog } from './testing';

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
    const api = fakeAccountApi({
      loginRecords: jest.fn(() => Promise.resolve({ items: [login(2, { lng: 0, lat: 0, abnormal: true, device: CHROME_UA }), login(1, { device: null })], total: 2 })),
    });
    renderDialog(<LoginRecordDialog api={api} onClose={jest.fn()} />);
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
  });

  it('names operation types in the interface language', async () => {
    const op: OperationRecord = { id: 31, userId: 9, account: 'member1', type: 23, device: 'Chrome', ip: '10.0.0.1', time: '2026-03-01T08:00:00.000Z', detail: {} };
    const api = fakeAccountApi({ operations: jest.fn(() => Promise.resolve({ items: [op], total: 1 })) });
    renderDialog(<OperationRecordDialog api={api} onClose={jest.fn()} />);
    expect(await screen.findByRole('cell', { name: 'User nickname update' })).toBeInTheDocument();
    act(() => setLocale('zh'));
    expect(await screen.findByRole('cell', { name: '用户昵称修改' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '操作 ID' })).toBeInTheDocument();
  });

  it('says so when there are no records', async () => {
    renderDialog(<SosRecordDialog api={fakeAccountApi()} onClose={jest.fn()} />);
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reports a failed load and loads again on retry', async () => {
    const loginRecords = jest
      .fn<Promise<Page<LoginRecord>>, [number, AbortSignal?]>()
      .mockRejectedValueOnce(new ApiError(-1, 'client.networkError', 0, 'down'))
      .mockResolvedValue({ items: [login(1)], total: 1 });
    renderDialog(<LoginRecordDialog api={fakeAccountApi({ loginRecords })} onClose={jest.fn()} />);
    expect(await screen.findByText('Information load failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Login record' })).toBeInTheDocument();
  });

  it('pages through the records ten at a time', async () => {
    const loginRecords = jest.fn((page: number) => Promise.resolve({ items: [login(page)], total: 25 }));
    renderDialog(<LoginRecordDialog api={fakeAccountApi({ loginRecords })} onClose={jest.fn()} />);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await waitFor(() => expect(loginRecords.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]));
  });
});
