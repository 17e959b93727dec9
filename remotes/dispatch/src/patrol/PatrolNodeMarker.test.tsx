import * as L from 'leaflet';
import { render } from '@testing-library/react';
import type { PttMap } from '@ptt/map';
import { COORD_CHANGE_EVENT } from '@ptt/map';
import { addRemoteStrings, initI18n } from '@ptt/ui';
import { NS } from '../core';
import { en, zh } from '../strings';
import { PatrolNodeMarker } from './PatrolNodeMarker';
import type { PatrolAlertEntry } from './slice';

// A real Leaflet map in jsdom: the mark is DOM, so what a user and the e2e meet is here.
let el: HTMLDivElement;
let map: PttMap;
let shift = 0;

const ALERT: PatrolAlertEntry = {
  id: '1:11:2025-01-01T08:30:00.000Z', runId: 1, taskId: 3, taskName: 'Yard round', nodeId: 11, nodeName: 'Gate',
  lng: 116.4, lat: 39.9, plannedAt: '2025-01-01T08:30:00.000Z', reason: 'overdue', time: '2025-01-01T08:46:00.000Z',
};

beforeAll(() => {
  initI18n({ storage: window.localStorage });
  addRemoteStrings(NS, en, zh);
});
beforeEach(() => {
  shift = 0;
  el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: 800 });
  Object.defineProperty(el, 'clientHeight', { value: 600 });
  document.body.append(el);
  const leaflet = L.map(el, { center: [39.9, 116.39], zoom: 12, zoomAnimation: false, fadeAnimation: false });
  map = {
    leaflet,
    coord: 'wgs84',
    // A tile switch moves what the display shows by `shift` degrees (a stand-in for GCJ-02).
    toLatLng: (p) => L.latLng(p.lat + shift, p.lng + shift),
    fromLatLng: (ll) => ({ lng: ll.lng, lat: ll.lat }),
    focus: () => undefined,
  };
});
afterEach(() => {
  map.leaflet.remove();
  el.remove();
});

const marks = () => [...el.querySelectorAll<HTMLElement>('[data-testid="patrol-missed-node"]')];

describe('PatrolNodeMarker', () => {
  it('marks the alert\'s checkpoint, labelled, follows a tile switch and goes with the alert', () => {
    const { rerender, unmount } = render(<PatrolNodeMarker map={map} alert={ALERT} />);
    expect(marks()).toHaveLength(1);
    const mark = marks()[0]!;
    expect(mark).toHaveAttribute('role', 'img');
    expect(mark).toHaveAttribute('aria-label', 'Missed checkpoint: Gate');
    expect(mark).toHaveAttribute('data-node-id', '11');
    expect(el.querySelector('.ptt-patrol-missed-label')?.textContent).toBe('Gate');
    // Leaflet places a marker by transform, or by left and top without 3D (jsdom).
    const placed = (m: HTMLElement) => `${m.style.transform}|${m.style.left}|${m.style.top}`;
    const first = placed(mark);
    const at = map.leaflet.latLngToLayerPoint([39.9, 116.4]).round();
    expect(first).toContain(`${at.x}px`);

    shift = 0.01;
    map.leaflet.fire(COORD_CHANGE_EVENT);
    expect(placed(marks()[0]!)).not.toBe(first);

    rerender(<PatrolNodeMarker map={map} alert={null} />);
    expect(marks()).toHaveLength(0);
    rerender(<PatrolNodeMarker map={map} alert={{ ...ALERT, id: 'x', nodeName: 'Store', nodeId: 12 }} />);
    expect(marks().map((m) => m.getAttribute('aria-label'))).toEqual(['Missed checkpoint: Store']);
    unmount();
    expect(marks()).toHaveLength(0);
  });

  it('shows a checkpoint name with markup as text: no element of it is made', () => {
    const nodeName = '"><svg onload=alert(1)><img src=/xss-probe/node>';
    render(<PatrolNodeMarker map={map} alert={{ ...ALERT, nodeName }} />);
    expect(el.querySelector('.ptt-patrol-missed-label')?.textContent).toBe(nodeName);
    expect(el.querySelector('.ptt-patrol-missed-label svg, .ptt-patrol-missed-label img')).toBeNull();
    expect(marks()[0]).toHaveAttribute('aria-label', `Missed checkpoint: ${nodeName}`);
  });

  it('draws nothing until there is a map', () => {
    const { rerender } = render(<PatrolNodeMarker map={null} alert={ALERT} />);
    expect(marks()).toHaveLength(0);
    rerender(<PatrolNodeMarker map={map} alert={ALERT} />);
    expect(marks()).toHaveLength(1);
  });
});
