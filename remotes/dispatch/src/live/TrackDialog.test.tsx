import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { FluentProvider } from '@fluentui/react-components';
import { DEFAULT_MAP } from '@ptt/contracts';
import type { Track } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { openTrack } from '../console/slice';
import { createDispatchStore } from '../store';
import { NS, en, zh } from '../strings';
import { TrackDialog } from './TrackDialog';

// The map is another package's work (and needs a real browser); here it is a labelled box.
jest.mock('@ptt/map', () => ({
  MapView: ({ ariaLabel }: { ariaLabel: string }) => <div role="region" aria-label={ariaLabel} />,
}));

const T0 = Date.UTC(2025, 0, 1, 8, 0, 0);
const track: Track = {
  uid: 5,
  points: [0, 10, 20].map((s, i) => ({
    lng: 116.39 + i * 0.001,
    lat: 39.9,
    coord: 0 as const,
    time: new Date(T0 + s * 1000).toISOString(),
    speed: i === 1 ? 5 : null,
    heading: null,
    accuracy: null,
    altitude: null,
  })),
};

function setup(get: jest.Mock) {
  jest.useFakeTimers();
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  const clock = { t: 0, now: () => clock.t };
  const api = { get, post: jest.fn(), put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const store = createDispatchStore();
  store.dispatch(openTrack(5));
  render(
    <Provider store={store}>
      <FluentProvider theme={pttTheme}>
        <TrackDialog api={api} settings={DEFAULT_MAP} nameOf={(uid) => (uid === 5 ? 'Member One' : undefined)} clock={clock} />
      </FluentProvider>
    </Provider>,
  );
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  /** Moves the playback clock and lets animation frames run. */
  const elapse = async (ms: number) => {
    clock.t += ms;
    await act(() => jest.advanceTimersByTimeAsync(32));
  };
  return { store, user, elapse };
}

const sliderValue = () => Number(screen.getByRole<HTMLInputElement>('slider', { name: 'Playback position' }).value);

describe('location track dialog', () => {
  afterEach(() => jest.useRealTimers());

  it('loads the track and plays it back; pause holds the position', async () => {
    const get = jest.fn(() => Promise.resolve(track));
    const { user, elapse } = setup(get);
    const dialog = await screen.findByRole('dialog', { name: 'Track of Member One' });
    expect(get).toHaveBeenCalledWith('/api/users/5/track', expect.anything());
    await within(dialog).findByRole('button', { name: 'Play' });
    expect(within(dialog).getByRole('region', { name: 'Map of the location track' })).toBeInTheDocument();
    expect(sliderValue()).toBe(0);
    expect(within(dialog).getByText('1 of 3')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Play' }));
    await elapse(2_000);
    expect(sliderValue()).toBe(2_000);
    const timeAt2s = screen.getByTestId('track-time').textContent;
    await elapse(10_000);
    expect(sliderValue()).toBe(12_000);
    expect(within(dialog).getByText('2 of 3')).toBeInTheDocument();
    expect(within(dialog).getByText('18.0 km/h')).toBeInTheDocument();
    expect(screen.getByTestId('track-time').textContent).not.toBe(timeAt2s);

    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await elapse(5_000);
    expect(sliderValue()).toBe(12_000);
    expect(within(dialog).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('plays faster at a higher speed and stops at the end', async () => {
    const { user, elapse } = setup(jest.fn(() => Promise.resolve(track)));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: 'Play' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Speed' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Play' }));
    await elapse(1_000);
    expect(sliderValue()).toBe(5_000);
    await elapse(10_000);
    expect(sliderValue()).toBe(20_000);
    expect(within(dialog).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(dialog).getByText('3 of 3')).toBeInTheDocument();
  });

  it("says 'no track' when the member has none, and closes", async () => {
    const get = jest.fn(() => Promise.reject(new ApiError(2012, 'rule.noTrack', 404, 'no track')));
    const { user, store } = setup(get);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No track')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Play' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(store.getState().console.trackUserId).toBeNull();
  });
});
