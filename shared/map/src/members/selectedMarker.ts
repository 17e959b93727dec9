import * as L from 'leaflet';
import i18next from 'i18next';
import { MAP_NS } from '../strings';
import type { MemberMarker } from '../types';
import { STATUS_COLORS } from './draw';

const SIZE_PX = 22;

/**
 * The selected member as a real DOM marker above the canvas: never hidden in a cluster, and
 * findable by a screen reader and a test (role="img", its name, data-uid).
 */
export class SelectedMarker {
  private marker: L.Marker | null = null;
  private uid: number | null = null;

  constructor(private readonly onClick: (uid: number) => void) {}

  show(map: L.Map, at: L.LatLng, member: MemberMarker, stale: boolean): void {
    if (!this.marker || this.uid !== member.uid || !map.hasLayer(this.marker)) {
      this.hide();
      this.uid = member.uid;
      const icon = L.divIcon({ className: 'ptt-member-selected', html: '', iconSize: [SIZE_PX, SIZE_PX] });
      const marker = L.marker(at, { icon, keyboard: false, zIndexOffset: 1000, bubblingMouseEvents: false });
      marker.on('click', () => this.onClick(member.uid));
      this.marker = marker.addTo(map);
    } else {
      this.marker.setLatLng(at);
    }
    this.describe(member, stale);
  }

  move(at: L.LatLng): void {
    this.marker?.setLatLng(at);
  }

  hide(): void {
    this.marker?.remove();
    this.marker = null;
    this.uid = null;
  }

  /** The marker's element, for tests and for callers who want to scroll it into view. */
  get element(): HTMLElement | undefined {
    return this.marker?.getElement();
  }

  private describe(member: MemberMarker, stale: boolean): void {
    const el = this.marker?.getElement();
    if (!el) return;
    const status = i18next.t(`userStatus.${member.status}`, { ns: 'common' });
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', member.name);
    el.setAttribute('data-uid', String(member.uid));
    el.setAttribute('data-status', member.status);
    el.toggleAttribute('data-stale', stale);
    el.title = stale ? `${member.name}: ${status}, ${i18next.t('stale', { ns: MAP_NS })}` : `${member.name}: ${status}`;
    const color = STATUS_COLORS[member.status];
    Object.assign(el.style, {
      boxSizing: 'border-box',
      borderRadius: '50%',
      background: stale ? '#ffffff' : color,
      border: `3px solid ${stale ? color : '#ffffff'}`,
      boxShadow: '0 0 0 3px #1f5fa8, 0 1px 4px rgba(0,0,0,0.4)',
      opacity: stale ? '0.7' : '1',
    });
  }
}
