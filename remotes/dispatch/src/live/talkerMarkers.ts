import * as L from 'leaflet';
import { COORD_CHANGE_EVENT, STATUS_COLORS } from '@ptt/map';
import type { MemberMarker, PositionPoint, PttMap } from '@ptt/map';
import { talkSeconds } from './talkers';
import type { MapTalker } from './talkers';

/**
 * The talking halo. No status uses it (green, grey, red, amber), nor the selection's and the
 * clusters' blue, so a talker reads as "talking" on top of whatever status colour their dot has.
 */
export const TALK_COLOR = '#8764b8';
const TALK_GLOW = 'rgba(135, 100, 184, 0.55)';
/** The labels are checked this often and written only when their text changed (once a second). */
export const TALK_TICK_MS = 250;
const DOT_PX = 16;
// Under the selected member's marker (1000), above every other DOM marker: a selected talker keeps
// its blue ring, with the halo showing around it.
const Z_OFFSET = 900;

export interface TalkerMarkersOptions {
  /** The member's newest known position (the roster); no position, no marker. */
  positionOf: (uid: number) => PositionPoint | undefined;
  memberOf: (uid: number) => MemberMarker | undefined;
  /** 'Talking in General · 12 s'. */
  label: (talker: MapTalker, seconds: number) => string;
  onSelect: (uid: number) => void;
  now?: () => number;
}

interface Shown {
  talker: MapTalker;
  /** Epoch ms the seconds count from. */
  since: number;
  marker: L.Marker | null;
  text: string;
}

/**
 * The members who hold a floor, as a few DOM markers above the member canvas: a halo around their
 * status dot and a permanent label with the channel and the seconds. The canvas layer (thousands of
 * members, @ptt/map MemberLayer) is never touched: a talk starting, ticking or ending changes these
 * markers only, and the seconds rewrite one label per talker per second.
 */
export class TalkerMarkers {
  private readonly shown = new Map<number, Shown>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly map: PttMap,
    private readonly opts: TalkerMarkersOptions,
  ) {
    this.now = opts.now ?? Date.now;
    map.leaflet.on(COORD_CHANGE_EVENT, this.placeAll);
  }

  /** The talkers now; those missing from the list go back to normal (their marker goes). */
  set(talkers: readonly MapTalker[]): void {
    const now = this.now();
    const next = new Set(talkers.map((t) => t.uid));
    for (const [uid, s] of this.shown) {
      if (next.has(uid)) continue;
      s.marker?.remove();
      this.shown.delete(uid);
    }
    for (const t of talkers) {
      const s = this.shown.get(t.uid);
      // Without the server's grant time, a talk that goes on keeps counting from when it was first seen.
      const since = t.since ?? (s && s.talker.since === null ? s.since : now);
      if (s) Object.assign(s, { talker: t, since, text: '' });
      else this.shown.set(t.uid, { talker: t, since, marker: null, text: '' });
      this.place(t.uid);
    }
    this.tick();
    if (this.shown.size > 0 && this.timer === undefined) this.timer = setInterval(this.tick, TALK_TICK_MS);
    if (this.shown.size === 0) this.stopTimer();
  }

  /** Positions the roster accepted: a talker who moved takes their halo along. */
  move(points: readonly PositionPoint[]): void {
    for (const p of points) if (this.shown.has(p.uid)) this.place(p.uid);
  }

  /** The marker of a talker (tests, e2e helpers). */
  element(uid: number): HTMLElement | undefined {
    return this.shown.get(uid)?.marker?.getElement();
  }

  remove(): void {
    this.stopTimer();
    this.map.leaflet.off(COORD_CHANGE_EVENT, this.placeAll);
    for (const s of this.shown.values()) s.marker?.remove();
    this.shown.clear();
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private readonly placeAll = (): void => {
    for (const uid of this.shown.keys()) this.place(uid);
  };

  private place(uid: number): void {
    const s = this.shown.get(uid);
    if (!s) return;
    const point = this.opts.positionOf(uid);
    if (!point) {
      s.marker?.remove();
      s.marker = null;
      return;
    }
    const at = this.map.toLatLng(point);
    if (s.marker) {
      s.marker.setLatLng(at);
    } else {
      s.marker = this.create(uid, at);
      s.text = '';
    }
    this.describe(s);
    this.write(s, this.now());
  }

  private create(uid: number, at: L.LatLng): L.Marker {
    const icon = L.divIcon({ className: 'ptt-member-talking', html: '', iconSize: [DOT_PX, DOT_PX] });
    const marker = L.marker(at, { icon, keyboard: false, zIndexOffset: Z_OFFSET, bubblingMouseEvents: false });
    marker.on('click', () => this.opts.onSelect(uid));
    marker.bindTooltip(' ', { permanent: true, direction: 'top', offset: [0, -DOT_PX], className: 'ptt-talker-label', opacity: 0.95 });
    marker.addTo(this.map.leaflet);
    const el = marker.getElement();
    if (el) halo(el);
    return marker;
  }

  /** The dot in the member's status colour, and who they are for a screen reader and a test. */
  private describe(s: Shown): void {
    const el = s.marker?.getElement();
    if (!el) return;
    const member = this.opts.memberOf(s.talker.uid);
    el.setAttribute('role', 'img');
    el.setAttribute('data-testid', 'map-talker');
    el.setAttribute('data-uid', String(s.talker.uid));
    el.setAttribute('data-name', member?.name ?? s.talker.nickname);
    Object.assign(el.style, {
      boxSizing: 'border-box',
      borderRadius: '50%',
      // A talker is on the air, so an unknown presence is drawn online.
      background: STATUS_COLORS[member?.status ?? 'online'],
      border: '3px solid #ffffff',
      boxShadow: `0 0 0 3px ${TALK_COLOR}, 0 0 10px 6px ${TALK_GLOW}`,
    });
  }

  private readonly tick = (): void => {
    const now = this.now();
    for (const s of this.shown.values()) this.write(s, now);
  };

  /** The label and the accessible name, written only when the text changed. */
  private write(s: Shown, now: number): void {
    if (!s.marker) return;
    const seconds = talkSeconds(s.since, now);
    const text = this.opts.label(s.talker, seconds);
    if (text === s.text) return;
    s.text = text;
    // As an element with text: a string would go in as HTML (Leaflet's innerHTML), and the label
    // carries channel names.
    s.marker.setTooltipContent(textLabel(text));
    const el = s.marker.getElement();
    el?.setAttribute('aria-label', `${el.getAttribute('data-name') ?? ''}: ${text}`);
    el?.setAttribute('data-seconds', String(seconds));
  }
}

/** A label's content that shows `text` as text, never as markup. */
export function textLabel(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/** A ring that breathes around the dot, so a talk catches the eye; still where motion is reduced. */
function halo(el: HTMLElement): void {
  const ring = document.createElement('span');
  ring.setAttribute('aria-hidden', 'true');
  Object.assign(ring.style, {
    position: 'absolute',
    inset: '-10px',
    borderRadius: '50%',
    border: `3px solid ${TALK_COLOR}`,
    pointerEvents: 'none',
  });
  el.append(ring);
  const still = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (still || typeof ring.animate !== 'function') return;
  ring.animate([{ transform: 'scale(0.8)', opacity: 1 }, { transform: 'scale(1.3)', opacity: 0.25 }], {
    duration: 900,
    iterations: Infinity,
    direction: 'alternate',
    easing: 'ease-in-out',
  });
}
