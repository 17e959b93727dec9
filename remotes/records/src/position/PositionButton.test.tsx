import { useEffect } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS } from '@ptt/contracts';
import { createEventBus, type ApiClient } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { RecordsProvider } from '../core';
import { NS, en, zh } from '../strings';
import { PositionButton } from './PositionButton';

// The map draws in a real browser (e2e); here its parts record what they are told.
const marker = { at: null as unknown, on: false };
jest.mock('leaflet', () => ({
  circleMarker: (at: unknown) => {
    marker.at = at;
    const self = {
      addTo: () => ((marker.on = true), self),
      remove: () => ((marker.on = false), self),
      setLatLng: (v: unknown) => ((marker.at = v), self),
    };
    return self;
  },
}));
const handlers = new Map<string, () => void>();
// A GCJ-02 map shifts what it is given; the test's shift is a plain sum so it can be checked.
let shift = 0;
const fakeMap = {
  focus: jest.fn(),
  toLatLng: (p: { lng: number; lat: number }) => [p.lat + shift, p.lng + shift],
  leaflet: { on: (name: string, fn: () => void) => handlers.set(name, fn), off: (name: string) => handlers.delete(name) },
};
const mapProps: unknown[] = [];
jest.mock('@ptt/map', () => ({
  COORD_CHANGE_EVENT: 'ptt:coordchange',
  MapView: (props: { onReady: (m: unknown) => void; ariaLabel: string }) => {
    mapProps.push(props);
    const { onReady } = props;
    useEffect(() => onReady(fakeMap), [onReady]);
    return <div role="region" aria-label={props.ariaLabel} />;
  },
}));

function renderButton(lng: number | null, lat: number | null) {
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  bus.publish('settings', { ...DEFAULT_SETTINGS, map: { type: 'amap', style: 'normal' } });
  render(
    <FluentProvider theme={pttTheme}>
      <RecordsProvider api={{} as ApiClient} bus={bus}>
        <PositionButton lng={lng} lat={lat} />
      </RecordsProvider>
    </FluentProvider>,
  );
}

beforeEach(() => {
  shift = 0;
  handlers.clear();
  mapProps.length = 0;
});

describe('a record\'s position', () => {
  it('opens on the shared map with one marker, converted for the tiles and again when they change', async () => {
    renderButton(116.397, 39.909);
    await userEvent.click(screen.getByRole('button', { name: 'Show 116.397000, 39.909000 on the map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Position' });
    expect(await within(dialog).findByRole('region', { name: 'Map of the position' })).toBeInTheDocument();
    expect(within(dialog).getByText('Longitude 116.397000, latitude 39.909000 (WGS-84)')).toBeInTheDocument();
    await waitFor(() => expect(marker).toEqual({ at: [39.909, 116.397], on: true }));
    expect(fakeMap.focus).toHaveBeenCalledWith({ lng: 116.397, lat: 39.909 }, 16);
    expect(mapProps[0]).toMatchObject({ settings: { type: 'amap', style: 'normal' }, center: { lng: 116.397, lat: 39.909 } });

    shift = 0.5;
    act(() => handlers.get('ptt:coordchange')?.());
    expect(marker.at).toEqual([40.409, 116.897]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(marker.on).toBe(false));
    expect(handlers.has('ptt:coordchange')).toBe(false);
  });

  it('offers nothing without a position', () => {
    renderButton(null, 39.9);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
