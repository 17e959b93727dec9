import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECORD_EXPORT_ROWS_MAX, Role, ServerCode } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import App from '../App';
import { BASE, fenceAlert, page, refusal, renderRecords } from '../core/test';
import { exportQuery } from './exportFile';

type DownloadOptions = { query?: Record<string, unknown>; signal?: AbortSignal };

const saved: { name: string; url: string }[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, url: this.href });
  });
});
afterEach(() => jest.restoreAllMocks());

const progress = (bus: EventBus, exportId: string, rows: number, total: number, done = false) =>
  act(() => bus.publish('ws/user', { kind: 'Personal', t: 'ExportProgress', topic: 'msg/listen/user/100001/1', data: { exportId, rows, total, done, cancelled: false } }));

/** Settles the download and lets the page take the answer. */
const settle = async (fn: () => void) => {
  fn();
  await Promise.resolve();
};

async function startExport(format: 'Excel (.xlsx)' | 'CSV (.csv)') {
  await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: format }));
}

function renderCross(url = `${BASE}/cross?type=leave&range=today`) {
  const r = renderRecords(App, { url, answers: { '/api/records/fence-alerts': page([fenceAlert()]) } });
  let answer: { resolve: (file: unknown) => void; reject: (e: unknown) => void } | null = null;
  r.download.mockImplementation(
    (_path: string, options?: DownloadOptions) =>
      new Promise((resolve, reject) => {
        answer = { resolve, reject };
        options?.signal?.addEventListener('abort', () => reject(new DOMException('The user aborted a request.', 'AbortError')));
      }),
  );
  const call = () => r.download.mock.calls.at(-1) as [string, DownloadOptions];
  return { ...r, call, answer: () => answer! };
}

describe('record export', () => {
  it('streams the filtered rows with a progress bar from its own frames, then saves under the server\'s name', async () => {
    const { bus, call, answer } = renderCross();
    await screen.findByTestId('cross-record-70');
    await startExport('Excel (.xlsx)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to Excel' });
    expect(within(dialog).getByText('Counting the rows…')).toBeInTheDocument();

    const [path, { query }] = call();
    expect(path).toBe('/api/records/fence-alerts/export');
    const exportId = String(query?.exportId);
    expect(exportId).toMatch(/^[0-9a-f]{32}$/);
    expect(query).toMatchObject({ type: 'leave', sort: 'time', order: 'desc', format: 'xlsx', from: expect.any(String) as unknown, to: expect.any(String) as unknown });
    expect(query).not.toHaveProperty('page');
    expect(query).not.toHaveProperty('size');

    // Another export's frames (another tab of the same user) do not move this bar.
    progress(bus, 'someoneelse', 900, 1000);
    progress(bus, exportId, 10_000, 25_000);
    const bar = within(dialog).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuetext', '10000 of 25000 done');
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    progress(bus, exportId, 25_000, 25_000, true);
    const blob = new Blob(['x']);
    await act(() => settle(() => answer().resolve({ blob, fileName: 'cross-border-records_2026-11-28_type-leave.xlsx' })));
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(saved).toEqual([{ name: 'cross-border-records_2026-11-28_type-leave.xlsx', url: 'blob:file' }]);
    expect(await within(dialog).findByText('Finished')).toBeInTheDocument();
    expect(within(dialog).getByText('Saved 25,000 rows.')).toBeInTheDocument();
    // `hidden`: in jsdom tabster marks the dialog aria-hidden once its focused Stop button goes
    // (as in the kit's own ProgressDialog test); the e2e checks the real page with axe.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('cancels: the request is aborted, nothing is saved, the dialog says stopped', async () => {
    const { bus, call } = renderCross();
    await screen.findByTestId('cross-record-70');
    await startExport('CSV (.csv)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to CSV' });
    const [, { query, signal }] = call();
    expect(query?.format).toBe('csv');
    progress(bus, String(query?.exportId), 10_000, 500_000);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(signal?.aborted).toBe(true);
    expect(await within(dialog).findByText('Stopped')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('names the file after the list when the server gives no name', async () => {
    const { answer } = renderCross();
    await screen.findByTestId('cross-record-70');
    await startExport('CSV (.csv)');
    await act(() => settle(() => answer().resolve({ blob: new Blob(['x']), fileName: null })));
    await waitFor(() => expect(saved).toEqual([{ name: 'cross-border-records.csv', url: 'blob:file' }]));
  });

  it('says to narrow the filters when the server refuses too many rows', async () => {
    const { answer } = renderCross();
    await screen.findByTestId('cross-record-70');
    await startExport('Excel (.xlsx)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to Excel' });
    await act(() => settle(() => answer().reject(refusal(ServerCode.ParameterError, 'serverCode.2004', { reason: 'too many rows, narrow the filters', maxRows: RECORD_EXPORT_ROWS_MAX }))));
    expect(await within(dialog).findByText('More than 1,048,575 rows: narrow the filters.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('shows any other refusal in its code\'s words', async () => {
    const { answer } = renderCross();
    await screen.findByTestId('cross-record-70');
    await startExport('Excel (.xlsx)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to Excel' });
    await act(() => settle(() => answer().reject(refusal(ServerCode.InsufficientPermissions, 'serverCode.2001'))));
    expect(await within(dialog).findByText('Insufficient permissions')).toBeInTheDocument();
  });

  it('exports the caller\'s own records from /api/me with mine=1', async () => {
    const r = renderRecords(App, { url: `${BASE}/operation?mine=1`, role: Role.Admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(r.download).toHaveBeenCalledWith('/api/me/operations/export', expect.anything()));
  });
});

describe('export query', () => {
  it('is the list\'s filters and sort without its page, with the format and id', () => {
    const q = { page: 4, size: 50, sort: 'time', order: 'desc' as const, filters: { from: '1', to: '', userId: '21', device: '', type: '12' } };
    expect(exportQuery(q, 'csv', 'abc')).toEqual({ sort: 'time', order: 'desc', from: '1', to: undefined, userId: '21', device: undefined, type: '12', format: 'csv', exportId: 'abc' });
  });
});
