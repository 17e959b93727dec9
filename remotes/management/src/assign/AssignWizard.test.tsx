import { FluentProvider } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Role, type AssignmentCheckResult } from '@ptt/contracts';
import { createEventBus, type ApiClient } from '@ptt/event-bus';
import { DataProvider, addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { ManagementProvider, NS } from '../core';
import { AssignWizardButton } from './AssignWizard';
import { en, zh } from './strings';

const CHECK: AssignmentCheckResult = {
  total: 3,
  created: 1,
  updated: 1,
  unchanged: 0,
  errors: [{ row: 4, field: 'account', message: 'rule.notFound', value: 'ghost' }],
  rows: [
    { row: 2, outcome: 'create', account: 'member4', channels: 'Security', level: '3', remark: '', errors: [] },
    { row: 3, outcome: 'change', account: 'member1', channels: 'Security', level: '4', remark: '', errors: [] },
    { row: 4, outcome: 'error', account: 'ghost', channels: 'Security', level: '', remark: '', errors: [{ row: 4, field: 'account', message: 'rule.notFound', value: 'ghost' }] },
  ],
};

function setup(role: Role = Role.Admin) {
  const upload = jest.fn((path: string, _form: FormData, opts?: { onProgress?: (f: number) => void }) => {
    opts?.onProgress?.(0.5);
    opts?.onProgress?.(1);
    if (path.startsWith('/api/channels/assignments/check')) return Promise.resolve(CHECK);
    const { rows: _rows, ...counts } = CHECK;
    return Promise.resolve(counts);
  });
  const download = jest.fn(() => Promise.resolve({ blob: new Blob(['x']), fileName: 'template.xlsx' }));
  const api = { get: jest.fn(() => new Promise(() => undefined)), upload, download } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, { assign: en }, { assign: zh });
  bus.publish('session', { id: 1, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'c', account: 'me', nickname: 'Me', role });
  render(
    <FluentProvider theme={pttTheme}>
      <DataProvider api={api} bus={bus}>
        <ManagementProvider api={api} bus={bus}>
          <AssignWizardButton />
        </ManagementProvider>
      </DataProvider>
    </FluentProvider>,
  );
  return { upload, download };
}

describe('assignment wizard', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    // jsdom cannot navigate; the browser's save is saveFile's business, not this test's.
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });

  it('is not offered without channel.import', () => {
    setup(Role.Dispatcher);
    expect(screen.queryByRole('button', { name: 'Assign channels by Excel' })).toBeNull();
  });

  it('downloads a template, checks the file, shows each row, applies and counts', async () => {
    const { upload, download } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Assign channels by Excel' }));
    fireEvent.click(screen.getByRole('radio', { name: /One row per user/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Download template' }));
    await screen.findByText('Downloaded template.xlsx.');
    expect(download).toHaveBeenCalledWith('/api/channels/assignments/template', { query: { layout: 'byUser' } });
    fireEvent.click(screen.getByRole('radio', { name: /One row per channel/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    // No file: refused before sending.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please choose a file')).toBeInTheDocument();
    const file = new File(['xlsx'], 'mine.xlsx');
    fireEvent.change(screen.getByTestId('assign-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByText('Step 3 of 4: Check');
    expect(upload.mock.calls[0]?.[0]).toBe('/api/channels/assignments/check?layout=byChannel');
    const bad = screen.getByTestId('assign-row-4');
    expect(within(bad).getByText('Account “ghost”: No such user')).toBeInTheDocument();
    expect(screen.getByTestId('assign-counts')).toHaveTextContent('Errors: 1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'error' } });
    expect(screen.queryByTestId('assign-row-2')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('The assignments are applied.');
    expect(upload.mock.calls[1]?.[0]).toBe('/api/channels/assignments/import?layout=byChannel');
    const result = screen.getByTestId('assign-result');
    expect(result).toHaveTextContent('New memberships: 1');
    expect(result).toHaveTextContent('Changed: 1');
    expect(result).toHaveTextContent('Rows skipped with errors: 1');
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByText('The assignments are applied.')).toBeNull());
  });
});
