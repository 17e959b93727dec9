import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider } from '@fluentui/react-components';
import { DEFAULT_MAP } from '@ptt/contracts';
import type { Track } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { initI18n, pttTheme } from '@ptt/ui';
import { TrackDialog } from './TrackDialog';
import type { TrackDialogProps } from './TrackDialog';

// Leaflet needs a real browser to draw (MapView's own test covers it); here the map is a labelled box.
jest.mock('../MapView', () => ({
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

type Shown = Partial<Pick<TrackDialogProps, 'userId' | 'name' | 'range'>>;

function setup(get: jest.Mock, shown: Shown = {}) {
  jest.useFakeTimers();
  const bus = createEventBus();
  initI18n({ bus });
  const clock = { t: 0, now: () => clock.t };
  const api = { get, post: jest.fn(), put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  const onClose = jest.fn();
  const ui = (props: Shown) => (
    <FluentProvider theme={pttTheme}>
      <TrackDialog api={api} settings={DEFAULT_MAP} userId={5} name="Member One" onClose={onClose} clock={clock} {...props} />
    </FluentProvider>
  );
  const { rerender } = render(ui(shown));
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  /** Moves the playback clock and lets animation frames run. */
  const elapse = async (ms: number) => {
    clock.t += ms;
    await act(() => jest.advanceTimersByTimeAsync(32));
  };
  return { user, elapse, onClose, show: (props: Shown) => rerender(ui(props)) };
}

const sliderValue = () => Number(screen.getByRole<HTMLInputElement>('slider', { name: 'Playback position' }).value);

describe('TrackDialog', () => {
  afterEach(() => jest.useRealTimers());

  it('loads the track and plays it back; pause holds the position', async () => {
    const get = jest.fn(() => Promise.resolve(track));
    const { user, elapse } = setup(get);
    const dialog = await screen.findByRole('dialog', { name: 'Track of Member One' });
    expect(get).toHaveBeenCalledWith('/api/users/5/track', expect.objectContaining({ query: { from: undefined, to: undefined } }));
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
    const { user, onClose } = setup(get);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No track')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Play' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for the given time range only, and loads again when the range changes', async () => {
    const get = jest.fn(() => Promise.resolve(track));
    const { show } = setup(get, { range: { from: T0, to: T0 + 60_000 } });
    await screen.findByRole('button', { name: 'Play' });
    expect(get).toHaveBeenLastCalledWith('/api/users/5/track', expect.objectContaining({ query: { from: T0, to: T0 + 60_000 } }));
    // An equal range in a new object is the same request.
    show({ range: { from: T0, to: T0 + 60_000 } });
    expect(get).toHaveBeenCalledTimes(1);
    show({ range: { from: T0 + 10_000 } });
    expect(get).toHaveBeenCalledTimes(2);
    expect(get).toHaveBeenLastCalledWith('/api/users/5/track', expect.objectContaining({ query: { from: T0 + 10_000, to: undefined } }));
    expect(screen.getByText('Loading the track…')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Play' });
  });

  it('shows nothing without a user, and a generic title without a name', async () => {
    const get = jest.fn(() => Promise.resolve(track));
    const { show } = setup(get, { userId: null });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(get).not.toHaveBeenCalled();
    show({ userId: 7, name: undefined });
    expect(await screen.findByRole('dialog', { name: 'Location track' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/users/7/track', expect.anything());
  });
});
