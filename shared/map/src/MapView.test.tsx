import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '@ptt/ui';
import { clearMapConfigCache } from './config';
import { MapView } from './MapView';
import { offlineConfig } from './testConfig';
import { COORD_CHANGE_EVENT, type PttMap } from './types';

const fetchMock = jest.fn();
const size = (name: 'clientWidth' | 'clientHeight', value: number) =>
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });

beforeAll(() => {
  initI18n({ storage: window.localStorage });
  globalThis.fetch = fetchMock;
  // jsdom lays nothing out; the map needs a size to ask for tiles.
  size('clientWidth', 512);
  size('clientHeight', 512);
});
afterAll(() => {
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
});
beforeEach(() => {
  clearMapConfigCache();
  fetchMock.mockReset();
});

const ok = () => fetchMock.mockResolvedValue({ ok: true, status: 200, json: () => Promise.resolve(offlineConfig()) });
const tiles = () => [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];

describe('MapView', () => {
  it('loads the tiles of the settings from /config/map.json and hands over a GCJ-02 map for Google', async () => {
    ok();
    const onReady = jest.fn<void, [PttMap]>();
    render(<MapView settings={{ type: 'google', style: 'roadmap' }} ariaLabel="Live map" center={{ lng: 121.47, lat: 31.23 }} zoom={12} onReady={onReady} />);
    expect(screen.getByRole('region', { name: 'Live map' })).toBeInTheDocument();
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('/config/map.json', expect.anything());
    const map = onReady.mock.calls[0]![0];
    expect(map.coord).toBe('gcj02');
    // Same place as asked (to the pixel), though the tiles are GCJ-02.
    expect(map.fromLatLng(map.leaflet.getCenter()).lng).toBeCloseTo(121.47, 3);
    expect(map.leaflet.getCenter().lng).not.toBeCloseTo(121.47, 3);
    expect(tiles().length).toBeGreaterThan(0);
    expect(tiles()[0]!.src).toMatch(/^http:\/\/localhost\/tiles\/12\/\d+\/\d+\.svg\?style=google\.roadmap$/);
    expect(screen.queryByText('Map loading error')).toBeNull();
  });

  it('switches tiles when the settings change and tells layers the coordinate system changed', async () => {
    ok();
    const onReady = jest.fn<void, [PttMap]>();
    const { rerender } = render(<MapView settings={{ type: 'amap', style: 'normal' }} ariaLabel="Live map" onReady={onReady} />);
    await waitFor(() => expect(onReady).toHaveBeenCalled());
    const map = onReady.mock.calls[0]![0];
    const changes: string[] = [];
    map.leaflet.on(COORD_CHANGE_EVENT, (e) => changes.push((e as unknown as { coord: string }).coord));
    rerender(<MapView settings={{ type: 'mapWorld', style: 'image' }} ariaLabel="Live map" onReady={onReady} />);
    expect(changes).toEqual(['wgs84']);
    expect(map.coord).toBe('wgs84');
    expect(tiles().every((t) => t.src.includes('style=mapWorld.image'))).toBe(true);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('says "Map loading error" when the tile config cannot be loaded, and still hands over the map', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onReady = jest.fn();
    render(<MapView settings={{ type: 'google', style: 'roadmap' }} ariaLabel="Live map" onReady={onReady} />);
    expect(await screen.findByText('Map loading error')).toBeInTheDocument();
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
  });

  it('says "Map loading error" when tiles fail to load', async () => {
    ok();
    render(<MapView settings={{ type: 'google', style: 'satellite' }} ariaLabel="Live map" />);
    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));
    act(() => {
      for (const tile of tiles()) tile.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('Map loading error')).toBeInTheDocument();
  });

  it('offers the offline base map in one click when tiles fail, remembers it, and goes back online', async () => {
    ok();
    render(<MapView settings={{ type: 'google', style: 'roadmap' }} ariaLabel="Live map" />);
    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));
    act(() => {
      for (const tile of tiles()) tile.dispatchEvent(new Event('error'));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Use the offline map' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/config/map.json?tiles=offline', expect.anything()));
    expect(localStorage.getItem('mapTiles')).toBe('offline');
    await waitFor(() => expect(screen.queryByText('Map loading error')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Use online tiles' }));
    expect(localStorage.getItem('mapTiles')).toBeNull();
    // The configured source again (cached from the first load).
    expect(screen.queryByRole('button', { name: 'Use online tiles' })).toBeNull();
  });

  it('starts on the offline base map when that was the last choice', async () => {
    localStorage.setItem('mapTiles', 'offline');
    ok();
    render(<MapView settings={{ type: 'amap', style: 'normal' }} ariaLabel="Live map" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/config/map.json?tiles=offline', expect.anything()));
    expect(fetchMock).not.toHaveBeenCalledWith('/config/map.json', expect.anything());
    localStorage.removeItem('mapTiles');
  });
});
