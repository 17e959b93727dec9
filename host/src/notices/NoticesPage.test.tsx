import { FluentProvider } from '@fluentui/react-components';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notice, Page } from '@ptt/contracts';
import { createEventBus, createSessionStore, type ApiClient, type SocketBridge } from '@ptt/event-bus';
import { DataProvider, initI18n, pttTheme, setLocale } from '@ptt/ui';
import { ServicesProvider, type HostServices } from '../app/services';
import { NoticesPage } from './NoticesPage';

const draft: Notice = {
  id: 1,
  title: 'Gate closed',
  body: 'Use the north gate.',
  status: 'draft',
  createdBy: { uid: 7, nickname: 'Dispatcher One' },
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
  sentBy: null,
  sentAt: null,
  channelCount: 0,
  userCount: 0,
  recipientCount: 0,
  deliveredCount: 0,
  readCount: 0,
};
const sent: Notice = { ...draft, id: 2, title: 'Shift change', status: 'sent', sentBy: draft.createdBy, sentAt: '2026-01-05T09:00:00.000Z', recipientCount: 5, deliveredCount: 2, readCount: 1 };

function renderPage(items: Notice[]) {
  const page: Page<Notice> = { items, total: items.length };
  const get = jest.fn((path: string) => Promise.resolve(path === '/api/notices' ? page : { items: [], total: 0 }));
  const post = jest.fn(() => Promise.resolve(null));
  const api = { get, post, put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const bus = createEventBus();
  initI18n({ bus });
  const services: HostServices = {
    bus,
    sessionStore: createSessionStore({ bus, storage: localStorage }),
    api,
    bridge: {} as SocketBridge,
    remotes: { load: jest.fn(), reset: jest.fn() },
  };
  render(
    <FluentProvider theme={pttTheme}>
      <ServicesProvider value={services}>
        <DataProvider api={api} bus={bus}>
          <NoticesPage />
        </DataProvider>
      </ServicesProvider>
    </FluentProvider>,
  );
  return { get, post };
}

afterEach(() => act(() => setLocale('en')));

describe('notices page', () => {
  it('lists drafts and sent notices with their status, counts and the actions each allows', async () => {
    renderPage([draft, sent]);
    const rows = await screen.findAllByRole('row');
    const draftRow = within(rows[1]!);
    const sentRow = within(rows[2]!);
    expect(draftRow.getByText('Draft')).toBeInTheDocument();
    expect(draftRow.getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Send', 'Delete']);
    expect(sentRow.getByText('2 of 5 delivered, 1 read')).toBeInTheDocument();
    expect(sentRow.getAllByRole('button').map((b) => b.textContent)).toEqual(['Recipients', 'Delete']);
  });

  it('refuses an empty title before asking the server', async () => {
    const { post } = renderPage([]);
    await userEvent.click(await screen.findByRole('button', { name: 'New notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notice' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Only a text');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter the notice title')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses to send to nobody, in Chinese too', async () => {
    const { post } = renderPage([draft]);
    act(() => setLocale('zh'));
    const row = within((await screen.findAllByRole('row'))[1]!);
    await userEvent.click(row.getByRole('button', { name: '发送' }));
    const dialog = await screen.findByRole('dialog', { name: '发送“Gate closed”' });
    await userEvent.click(within(dialog).getByRole('button', { name: '发送' }));
    expect(await within(dialog).findByText('请至少选择一个频道或成员')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
