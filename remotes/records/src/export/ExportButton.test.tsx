import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECORD_EXPORT_ROWS_MAX, Role, ServerCode } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { setLocale } from '@ptt/ui';
import App from '../App';
import { BASE, fenceAlert, page, renderRecords } from '../core/test';
import { XLSX_TYPE, fakeResponse, installFakeFetch, refusalResponse, type FetchCall } from '@ptt/ui/test/exportFetch';

const saved: { name: string; url: string }[] = [];
let calls: FetchCall[] = [];
beforeEach(() => {
  saved.length = 0;
  calls = installFakeFetch();
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, url: this.href });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => setLocale('en'));
});

const progress = (bus: EventBus, exportId: string, rows: number, total: number, done = false) =>
  act(() => bus.publish('ws/user', { kind: 'Personal', t: 'ExportProgress', topic: 'msg/listen/user/100001/1', data: { exportId, rows, total, done, cancelled: false } }));

/** Answers the export request and lets the page take the answer. */
const answer = (response: Response) =>
  act(async () => {
    calls.at(-1)!.resolve(response);
    await new Promise((r) => setTimeout(r, 0));
  });

async function startExport(format: 'Excel (.xlsx)' | 'CSV (.csv)') {
  await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: format }));
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
}

async function renderCross(url = `${BASE}/cross?type=leave&range=today`) {
  const r = renderRecords(App, { url, answers: { '/api/records/fence-alerts': page([fenceAlert()]) } });
  await screen.findByTestId('cross-record-70');
  return r;
}

describe('record export', () => {
  it('streams the filtered rows with a progress bar from its own frames, then saves under the server\'s name', async () => {
    const { bus } = await renderCross();
    await startExport('Excel (.xlsx)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to Excel' });
    expect(within(dialog).getByText('Counting the rows…')).toBeInTheDocument();

    const { path, query, headers } = calls[0]!;
    expect(path).toBe('/api/records/fence-alerts/export');
    expect(headers).toEqual({ Authorization: 'Bearer t', 'Accept-Language': 'en' });
    expect(query.exportId).toMatch(/^[0-9a-f]{32}$/);
    expect(query).toEqual({ type: 'leave', sort: 'time', order: 'desc', format: 'xlsx', from: expect.any(String) as unknown, to: expect.any(String) as unknown, exportId: query.exportId });

    // Another export's frames (another tab of the same user) do not move this bar.
    progress(bus, 'someoneelse', 900, 1000);
    progress(bus, query.exportId!, 10_000, 25_000);
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '10000 of 25000 done');
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    progress(bus, query.exportId!, 25_000, 25_000, true);
    const name = 'cross-border-records_2026-11-28_type-leave.xlsx';
    await answer(fakeResponse(200, { 'content-type': XLSX_TYPE, 'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}` }, 'PK'));
    expect(saved).toEqual([{ name, url: 'blob:file' }]);
    expect(await within(dialog).findByText('Finished')).toBeInTheDocument();
    expect(within(dialog).getByText('Saved 25,000 rows.')).toBeInTheDocument();
    // `hidden`: in jsdom tabster marks the dialog aria-hidden once its focused Stop button goes
    // (as in the kit's own ProgressDialog test); the e2e checks the real page with axe.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('cancels: the request is aborted, nothing is saved, the dialog says stopped', async () => {
    const { bus } = await renderCross();
    await startExport('CSV (.csv)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to CSV' });
    const { query, signal } = calls[0]!;
    expect(query.format).toBe('csv');
    progress(bus, query.exportId!, 10_000, 500_000);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(signal.aborted).toBe(true);
    expect(await within(dialog).findByText('Stopped')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('asks for the file\'s headers in the interface language, names the file after the list when the server gives none, and counts no rows it was not told of', async () => {
    await renderCross();
    act(() => setLocale('zh'));
    await userEvent.click(await screen.findByRole('button', { name: '导出' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.headers['Accept-Language']).toBe('zh-CN');
    await answer(fakeResponse(200, { 'content-type': 'text/csv; charset=utf-8' }, 'a,b'));
    expect(saved).toEqual([{ name: 'cross-border-records.csv', url: 'blob:file' }]);
    // No progress frame came (a socket down): no count is made up.
    expect(await screen.findByText('文件已保存。')).toBeInTheDocument();
  });

  it('says to narrow the filters when the server refuses too many rows', async () => {
    await renderCross();
    await startExport('Excel (.xlsx)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to Excel' });
    await answer(refusalResponse(ServerCode.ParameterError, { reason: 'too many rows, narrow the filters', maxRows: RECORD_EXPORT_ROWS_MAX }));
    expect(await within(dialog).findByText('More than 1,048,575 rows: narrow the filters.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('shows any other refusal in its code\'s words', async () => {
    await renderCross();
    await startExport('Excel (.xlsx)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to Excel' });
    await answer(refusalResponse(ServerCode.InsufficientPermissions, null, 403));
    expect(await within(dialog).findByText('Insufficient permissions')).toBeInTheDocument();
  });

  it('exports the caller\'s own records from /api/me with mine=1', async () => {
    renderRecords(App, { url: `${BASE}/operation?mine=1`, role: Role.Admin });
    await startExport('Excel (.xlsx)');
    expect(calls[0]!.path).toBe('/api/me/operations/export');
    expect(calls[0]!.query).not.toHaveProperty('userId');
  });
});
