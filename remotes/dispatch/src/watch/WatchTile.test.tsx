import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import type * as ReactModule from 'react';
import type { ComponentProps, ComponentType, Ref } from 'react';
import type * as Fluent from '@fluentui/react-components';
import type { WatchedChannel } from '@ptt/contracts';
import { fakeApi, renderConsole } from '../core/test';
import { FakeRoom } from '../ptt/test';
import type * as PriorityModule from './PriorityControls';
import type * as ReplayModule from './ReplayLast';
import { LEVEL_INTERVAL_MS, LEVEL_TAIL_MS, WatchTile } from './WatchTile';
import type { WatchTileProps } from './WatchTile';

// The tile's timers (issue 19 bench, docs/bench-watch.md): the level meter and the talking clock
// re-render alone; the Fluent slider and radio group, the replay and the priority controls do not
// render on a tick. Render counters wrap the real components.

const renders = { slider: 0, radioGroup: 0, replay: 0, priority: 0 };

jest.mock('@fluentui/react-components', () => {
  const actual = jest.requireActual<typeof Fluent>('@fluentui/react-components');
  const { createElement: h, forwardRef: fr } = jest.requireActual<typeof ReactModule>('react');
  const counted = (key: 'slider' | 'radioGroup', C: unknown) =>
    fr((props: object, ref: Ref<unknown>) => {
      renders[key] += 1;
      return h(C as ComponentType<object>, { ...props, ref } as object);
    });
  return { ...actual, Slider: counted('slider', actual.Slider), RadioGroup: counted('radioGroup', actual.RadioGroup) };
});

jest.mock('./ReplayLast', () => {
  const actual = jest.requireActual<typeof ReplayModule>('./ReplayLast');
  return {
    ...actual,
    ReplayLast: (props: ComponentProps<typeof actual.ReplayLast>) => {
      renders.replay += 1;
      return actual.ReplayLast(props);
    },
  };
});

jest.mock('./PriorityControls', () => {
  const actual = jest.requireActual<typeof PriorityModule>('./PriorityControls');
  return {
    ...actual,
    PriorityControls: (props: ComponentProps<typeof actual.PriorityControls>) => {
      renders.priority += 1;
      return actual.PriorityControls(props);
    },
  };
});

const CHANNEL: WatchedChannel = { channelId: 2, volume: 80, muted: false, pan: 'centre', priority: false };
const TALKER = { uid: 7, nickname: 'Member 7' };
const T0 = Date.parse('2026-01-01T08:00:05.000Z');

class CountingRoom extends FakeRoom {
  reads = 0;
  override getOutputLevel(): number {
    this.reads += 1;
    return super.getOutputLevel();
  }
}

function setup(over: Partial<WatchTileProps> = {}) {
  const room = new CountingRoom('100001-1-2', { listenOnly: true });
  const props: WatchTileProps = {
    channel: CHANNEL,
    name: 'Security',
    selected: false,
    room,
    holder: null,
    since: null,
    onChange: () => undefined,
    onTransmit: () => undefined,
    onRemove: () => undefined,
    ...over,
  };
  let set: (next: WatchTileProps) => void = () => undefined;
  function Host() {
    const [current, setCurrent] = useState(props);
    set = setCurrent;
    return <WatchTile {...current} />;
  }
  renderConsole(<Host />, fakeApi({}));
  // A parent re-render with new callbacks (WatchPanel makes them on every render).
  const rerender = (next: Partial<WatchTileProps>) => act(() => set({ ...props, onChange: () => undefined, onTransmit: () => undefined, onRemove: () => undefined, ...next }));
  return { room, rerender };
}

const tile = () => screen.getByTestId('watch-tile');
const reset = () => Object.assign(renders, { slider: 0, radioGroup: 0, replay: 0, priority: 0 });

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  reset();
});
afterEach(() => jest.useRealTimers());

describe('watch tile renders', () => {
  it('updates the level and the talking clock on ticks without rendering the slider, radio group, replay or priority controls', () => {
    const { room } = setup({ holder: TALKER, since: '2026-01-01T08:00:00.000Z' });
    expect(screen.getByText('Member 7 is talking, 5 s')).toBeInTheDocument();
    expect(renders.slider).toBeGreaterThan(0);
    reset();

    for (let i = 1; i <= 10; i += 1) {
      room.level = 0.1 * i;
      act(() => void jest.advanceTimersByTime(LEVEL_INTERVAL_MS));
    }
    expect(tile()).toHaveAttribute('data-level', '1.000');
    expect(screen.getByRole('meter', { name: 'Level of Security' })).toHaveAttribute('value', '1');
    expect(screen.getByText('Member 7 is talking, 7 s')).toBeInTheDocument();
    expect(renders).toEqual({ slider: 0, radioGroup: 0, replay: 0, priority: 0 });
  });

  it('does not render the heavy controls when the parent renders with new callbacks, only when their own props change', () => {
    const { rerender } = setup();
    reset();
    rerender({ holder: TALKER, since: '2026-01-01T08:00:04.000Z' });
    expect(screen.getByText('Member 7 is talking, 1 s')).toBeInTheDocument();
    expect(tile()).toHaveAttribute('data-talker', '7');
    expect(renders).toEqual({ slider: 0, radioGroup: 0, replay: 0, priority: 0 });
    rerender({ holder: TALKER, since: '2026-01-01T08:00:04.000Z', channel: { ...CHANNEL, volume: 30 } });
    expect(renders.slider).toBe(1);
    expect(renders.radioGroup).toBe(1);
  });

  it('reads no level and runs no clock while the room is silent; reads through the tail after a talk, then stops', () => {
    const { room, rerender } = setup();
    expect(tile()).toHaveAttribute('data-level', '0.000');
    expect(screen.getByText('Nobody is talking')).toBeInTheDocument();
    const idle = room.reads;
    act(() => void jest.advanceTimersByTime(10_000));
    expect(room.reads).toBe(idle);
    expect(jest.getTimerCount()).toBe(0);

    rerender({ holder: TALKER, since: '2026-01-01T08:00:15.000Z' });
    room.level = 0.25;
    act(() => void jest.advanceTimersByTime(LEVEL_INTERVAL_MS * 5));
    expect(room.reads).toBeGreaterThanOrEqual(idle + 5);
    expect(tile()).toHaveAttribute('data-level', '0.250');

    // Released: the jitter buffer's tail still plays for a moment, then silence ends the reads.
    rerender({ holder: null, since: null });
    act(() => void jest.advanceTimersByTime(LEVEL_INTERVAL_MS));
    expect(tile()).toHaveAttribute('data-level', '0.250');
    room.level = 0;
    act(() => void jest.advanceTimersByTime(LEVEL_INTERVAL_MS));
    expect(tile()).toHaveAttribute('data-level', '0.000');
    const after = room.reads;
    act(() => void jest.advanceTimersByTime(10_000));
    expect(room.reads).toBe(after);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stops reading a room that never falls silent after the floor ends once the tail is over, showing 0', () => {
    const { room, rerender } = setup({ holder: TALKER, since: '2026-01-01T08:00:00.000Z' });
    room.level = 0.2;
    act(() => void jest.advanceTimersByTime(LEVEL_INTERVAL_MS));
    rerender({ holder: null, since: null });
    act(() => void jest.advanceTimersByTime(LEVEL_TAIL_MS + LEVEL_INTERVAL_MS));
    expect(tile()).toHaveAttribute('data-level', '0.000');
    const after = room.reads;
    act(() => void jest.advanceTimersByTime(5_000));
    expect(room.reads).toBe(after);
  });
});
