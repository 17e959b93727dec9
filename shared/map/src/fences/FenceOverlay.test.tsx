import * as L from 'leaflet';
import { render } from '@testing-library/react';
import { initI18n } from '@ptt/ui';
import { createPttMap, type PttMapHandle } from '../pttMap';
import { FenceOverlay } from './FenceOverlay';
import type { FenceDrawing } from './types';

const A: FenceDrawing = { id: 1, name: 'North gate', rule: 'stay', shape: { type: 'circle', center: { lng: 116.4, lat: 39.95 }, radius: 300 } };
const B: FenceDrawing = { id: 2, name: 'Depot', rule: 'leave', shape: { type: 'circle', center: { lng: 116.3, lat: 39.85 }, radius: 500 } };

let el: HTMLDivElement;
let map: PttMapHandle;

beforeAll(() => initI18n({ storage: window.localStorage }));
beforeEach(() => {
  el = document.createElement('div');
  document.body.append(el);
  map = createPttMap(L.map(el, { center: [39.9, 116.35], zoom: 10 }), 'gcj02');
});
afterEach(() => {
  map.leaflet.remove();
  el.remove();
});

const drawnIds = () => [...el.querySelectorAll('path[data-fence-id]')].map((p) => p.getAttribute('data-fence-id'));

describe('FenceOverlay', () => {
  it('follows its props: the list, the highlight, framing for previews; unmounting removes the fences', () => {
    const fitBounds = jest.spyOn(map.leaflet, 'fitBounds');
    const { rerender, unmount } = render(<FenceOverlay map={map} fences={[A, B]} />);
    expect(drawnIds()).toEqual(['1', '2']);
    expect(fitBounds).not.toHaveBeenCalled();

    rerender(<FenceOverlay map={map} fences={[A, B]} highlightId={2} />);
    expect(el.querySelector('path[data-fence-id="2"]')!.hasAttribute('data-highlighted')).toBe(true);
    expect(el.querySelector('.ptt-fence-label-highlighted')!.textContent).toBe('Depot (alert on leaving)');

    // A preview frames its fence: the highlighted one when there is one.
    rerender(<FenceOverlay map={map} fences={[A]} highlightId={1} fit />);
    expect(drawnIds()).toEqual(['1']);
    expect(fitBounds).toHaveBeenCalledTimes(1);
    const framed = fitBounds.mock.calls[0]![0] as L.LatLngBounds;
    expect(framed.contains(map.toLatLng({ lng: 116.4, lat: 39.95 }))).toBe(true);

    unmount();
    expect(drawnIds()).toEqual([]);
  });

  it('draws nothing until there is a map', () => {
    const { rerender } = render(<FenceOverlay map={null} fences={[A]} />);
    expect(drawnIds()).toEqual([]);
    rerender(<FenceOverlay map={map} fences={[A]} />);
    expect(drawnIds()).toEqual(['1']);
  });
});
