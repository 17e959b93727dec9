import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider } from '@fluentui/react-components';
import { ServerCode, type Track } from '@ptt/contracts';
import { ApiError, createEventBus, type ApiClient } from '@ptt/event-bus';
import { DataProvider, addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { SosProvider } from '../core';
import { entryFromRecord } from '../queue/queue';
import { NS, en, zh } from '../strings';
import { FakeSiren, record } from '../test/fakes';
import LocateMap from './LocateMap';

// The map draws in a real browser (e2e); here its parts record what they are told.
interface Drawn {
  latLngs: unknown;
  on: boolean;
}
const lines: Drawn[] = [];
const dots: Drawn[] = [];
jest.mock('leaflet', () => {
  const layer = (list: Drawn[]) => {
    const d: Drawn = { latLngs: null, on: false };
    list.push(d);
    const self = {
      addTo: () => ((d.on = true), self),
      remove: () => ((d.on = false), self),
      setLatLngs: (v: unknown) => ((d.latLngs = v), self),
      setLatLng: (v: unknown) => ((d.latLngs = v), self),
      getBounds: () => 'bounds',
      drawn: d,
    };
    return self;
  };
  return { polyline: () => layer(lines), circleMarker: () => layer(dots) };
});
const fakeMap = {
  focus: jest.fn(),
  toLatLng: (p: { lng: number; lat: number }) => [p.lat, p.lng],
  leaflet: { on: jest.fn(), off: jest.fn(), fitBounds: jest.fn(), hasLayer: () => dots.at(-1)?.on ?? false },
};
const fetchTrack = jest.fn<Promise<Track>, [ApiClient, number]>();
jest.mock('@ptt/map', () => ({
  COORD_CHANGE_EVENT: 'ptt:coordchange',
  MapView: ({ onReady, ariaLabel }: { onReady: (m: unknown) => void; ariaLabel: string }) => {
    useEffect(() => onReady(fakeMap), [onReady]);
    return <div role="region" aria-label={ariaLabel} />;
  },
  fetchTrack: (api: ApiClient, uid: number) => fetchTrack(api, uid),
}));

const point = (lng: number, lat: number) => ({ lng, lat, coord: 0 as const, time: '2026-03-01T07:00:00.000Z', speed: null, heading: null, accuracy: null, altitude: null });

function renderMap(entry = entryFromRecord(record())) {
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  const api = {} as ApiClient;
  render(
    <FluentProvider theme={pttTheme}>
      <DataProvider api={api} bus={bus}>
        <SosProvider api={api} bus={bus} createSiren={() => new FakeSiren()}>
          <LocateMap entry={entry} />
        </SosProvider>
      </DataProvider>
    </FluentProvider>,
  );
  return bus;
}

beforeEach(() => {
  lines.length = 0;
  dots.length = 0;
  jest.clearAllMocks();
});

describe('LocateMap', () => {
  it('shows the member where the SOS said, then where the device reports, with the last track', async () => {
    fetchTrack.mockResolvedValue({ uid: 21, points: [point(116.39, 39.9), point(116.395, 39.905)] });
    const bus = renderMap();
    expect(screen.getByRole('region', { name: 'Map of Member 1' })).toBeInTheDocument();
    await waitFor(() => expect(lines[0]?.latLngs).toEqual([[39.9, 116.39], [39.905, 116.395]]));
    expect(fetchTrack).toHaveBeenCalledWith(expect.anything(), 21);
    expect(dots[0]).toEqual({ latLngs: [39.909, 116.397], on: true });
    expect(fakeMap.focus).toHaveBeenCalledWith({ lng: 116.397, lat: 39.909, time: expect.any(Number) as unknown }, 16);

    // Positions of other members do not move the dot; this member's newest one does.
    act(() => bus.publish('ws/dispatch', { kind: 'DeviceInfo', t: 'Location', data: { uid: 99, lng: 1, lat: 1, coord: 0, time: 5 }, topic: 'dispatch/100001' }));
    expect(dots[0]?.latLngs).toEqual([39.909, 116.397]);
    act(() =>
      bus.publish('ws/dispatch', {
        kind: 'DeviceInfo',
        t: 'Locations',
        data: { points: [{ uid: 21, lng: 116.41, lat: 39.91, coord: 0, time: 7 }, { uid: 21, lng: 116.4, lat: 39.92, coord: 0, time: 6 }] },
        topic: 'dispatch/100001',
      }),
    );
    expect(dots[0]?.latLngs).toEqual([39.91, 116.41]);
    // Framed once: the dispatcher's panning is not undone by every report.
    expect(fakeMap.focus).toHaveBeenCalledTimes(1);
  });

  it('says when there is neither a position nor a track', async () => {
    fetchTrack.mockRejectedValue(new ApiError(ServerCode.NotFound, 'rule.noTrack', 404, 'no track'));
    renderMap(entryFromRecord(record({ lng: null, lat: null })));
    expect(await screen.findByText('No position reported yet. No track')).toBeInTheDocument();
    expect(dots[0]?.on).toBe(false);
  });
});
