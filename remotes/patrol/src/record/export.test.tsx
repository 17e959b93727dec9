import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { XLSX_TYPE, fakeResponse, installFakeFetch, type FetchCall } from '@ptt/ui/test/exportFetch';
import { BASE, checkin, page, renderPatrol, run } from './test';

const saved: string[] = [];
let calls: FetchCall[] = [];
beforeEach(() => {
  saved.length = 0;
  calls = installFakeFetch();
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

const answers = { '/api/patrol/runs': page([run()]), '/api/patrol/checkins': page([checkin()]) };

async function startExport() {
  await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
  return calls[0]!;
}

describe('patrol record export', () => {
  it('streams the filtered runs with progress from its own frames and saves the file', async () => {
    const { bus } = renderPatrol({ url: `${BASE}/record?status=incomplete&taskId=7`, answers });
    await screen.findByTestId('patrol-run-501');
    const { path, query } = await startExport();
    expect(path).toBe('/api/patrol/runs/export');
    expect(query).toEqual({ taskId: '7', status: 'incomplete', sort: 'plannedStart', order: 'desc', format: 'xlsx', exportId: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown });
    const dialog = await screen.findByRole('alertdialog', { name: 'Export to Excel' });
    act(() => bus.publish('ws/user', { kind: 'Personal', t: 'ExportProgress', topic: 'msg/listen/user/100001/1', data: { exportId: query.exportId!, rows: 40, total: 80, done: false, cancelled: false } }));
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '40 of 80 done');
    await act(async () => {
      calls[0]!.resolve(fakeResponse(200, { 'content-type': XLSX_TYPE }, 'PK'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(saved).toEqual(['patrol-runs.xlsx']);
  });

  it('exports the check-ins of the check-ins tab', async () => {
    renderPatrol({ url: `${BASE}/record?list=checkins&method=gps`, answers });
    await screen.findByTestId('patrol-checkin-901');
    const { path, query } = await startExport();
    expect(path).toBe('/api/patrol/checkins/export');
    expect(query).toMatchObject({ method: 'gps', sort: 'time', format: 'xlsx' });
  });
});
