import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { ApiError } from '@ptt/event-bus';
import { renderHost, SESSION } from '../test/renderHost';
import { notifierFor } from './useNotify';

beforeEach(() => localStorage.clear());
afterEach(() => setLocale('en'));

const FIVE = [
  ['client.mapLoadError', 'Map loading error'],
  ['client.noTrack', 'No track'],
  ['client.deviceNotFound', 'Device not found'],
  ['client.noMembersOnline', 'No members online'],
  ['client.dataUpdated', 'Data has been updated'],
] as const;
// Fluent's live region repeats the text for screen readers; count the toasts themselves.
const TITLE = { selector: '.fui-ToastTitle' };
const shown = () => FIVE.filter(([, text]) => screen.queryByText(text, TITLE)).map(([key]) => key);

describe('notifications', () => {
  it('shows at most three at once and the next one when room frees up', async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    const notifier = notifierFor(bus);
    act(() => {
      for (const [key] of FIVE) notifier.notify({ intent: 'info', key, id: key, timeoutMs: -1 });
    });
    await waitFor(() => expect(shown()).toEqual(['client.mapLoadError', 'client.noTrack', 'client.deviceNotFound']));
    act(() => notifier.dismiss('client.mapLoadError'));
    await waitFor(() => expect(shown()).toEqual(['client.noTrack', 'client.deviceNotFound', 'client.noMembersOnline']));
  });

  it('makes room for an error when three others are shown, closing the oldest that is not one', async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    const notifier = notifierFor(bus);
    act(() => {
      for (const [key] of FIVE.slice(0, 3)) notifier.notify({ intent: 'warning', key, id: key, timeoutMs: -1 });
    });
    await waitFor(() => expect(shown()).toEqual(['client.mapLoadError', 'client.noTrack', 'client.deviceNotFound']));
    act(() => notifier.notify({ intent: 'error', key: 'client.noMembersOnline', id: 'urgent', timeoutMs: -1 }));
    await waitFor(() => expect(shown()).toEqual(['client.noTrack', 'client.deviceNotFound', 'client.noMembersOnline']));
    // Another info notice waits its turn as before.
    act(() => notifier.notify({ intent: 'info', key: 'client.dataUpdated', id: 'later', timeoutMs: -1 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(shown()).toEqual(['client.noTrack', 'client.deviceNotFound', 'client.noMembersOnline']);
  });

  it("shows a server code's text, in Chinese too", async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    act(() => notifierFor(bus).notify({ intent: 'error', code: 2029 }));
    expect(await screen.findByText('Dispatcher is not allowed to lock or delete', TITLE)).toBeInTheDocument();
    act(() => setLocale('zh'));
    expect(await screen.findByText('调度员不允许锁定或删除', TITLE)).toBeInTheDocument();
  });

  it("shows a failed call's code and a network failure's message", async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    const notifier = notifierFor(bus);
    act(() => notifier.error(new ApiError(2030, 'serverCode.2030', 409, 'no')));
    act(() => notifier.error(new ApiError(-1, 'client.networkError', 0, 'offline')));
    expect(await screen.findByText('At least one dispatcher is needed', TITLE)).toBeInTheDocument();
    expect(await screen.findByText('Network error or server disconnected', TITLE)).toBeInTheDocument();
  });

  it('drops a second notification with the id of one still showing', async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    const notifier = notifierFor(bus);
    act(() => {
      notifier.notify({ intent: 'warning', key: 'client.websocketDisconnected', id: 'drop' });
      notifier.notify({ intent: 'warning', key: 'client.websocketDisconnected', id: 'drop' });
    });
    await screen.findByText('WebSocket disconnected', TITLE);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('WebSocket disconnected', TITLE)).toHaveLength(1);
  });

  it("shows a host notification's link, which opens its page and closes it", async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    const notifier = notifierFor(bus);
    expect(() => notifier.notify({ intent: 'info', key: 'client.noTrack' }, { labelKey: 'x', to: '/update' })).toThrow(/needs an id/);
    act(() => notifier.notify({ intent: 'info', key: 'client.noTrack', id: 'linked', timeoutMs: -1 }, { labelKey: 'client.noMembersOnline', to: '/update' }));
    const toast = await screen.findByText('No track', TITLE);
    await userEvent.click(screen.getByRole('button', { name: 'No members online' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/update$/));
    await waitFor(() => expect(toast).not.toBeInTheDocument());
    // A later notification with that id but no action has no link.
    act(() => notifier.notify({ intent: 'info', key: 'client.noTrack', id: 'linked', timeoutMs: -1 }));
    await screen.findByText('No track', TITLE);
    expect(screen.queryByRole('button', { name: 'No members online' })).toBeNull();
  });
});
