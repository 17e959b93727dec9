// Track playback, free of React and Leaflet: a timeline over the track's points, the position at any
// moment of it, and a player that moves along it with a clock (tests hand in a fake one).

export interface TrackSample {
  /** ms since the epoch (the device's clock). */
  time: number;
  lng: number;
  lat: number;
  /** m/s as the device reported it; null when it did not. */
  speed: number | null;
}

export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 20] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/**
 * A pause in the track longer than this plays as this long: a handset switched off overnight would
 * otherwise stand still for hours of playback. The clock shown is still the real time.
 */
export const MAX_GAP_MS = 60_000;

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceM(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface TrackPosition {
  lng: number;
  lat: number;
  /** Real time at this point of the track, ms since the epoch. */
  time: number;
  /** m/s: the reported speed of the segment's start, else distance over time; null when unknown. */
  speed: number | null;
  /** Index of the point at or before this position. */
  index: number;
}

/** The points in time order and the playback offset (ms, gaps shortened) of each. */
export class Timeline {
  readonly points: readonly TrackSample[];
  private readonly offsets: number[];

  constructor(points: readonly TrackSample[]) {
    if (points.length === 0) throw new Error('a timeline needs at least one point');
    this.points = [...points].sort((a, b) => a.time - b.time);
    this.offsets = [0];
    for (let i = 1; i < this.points.length; i += 1) {
      const gap = this.points[i]!.time - this.points[i - 1]!.time;
      this.offsets.push(this.offsets[i - 1]! + Math.min(gap, MAX_GAP_MS));
    }
  }

  /** Playback length in ms. */
  get duration(): number {
    return this.offsets[this.offsets.length - 1]!;
  }

  /** Where the track is at `offset` ms of playback (clamped to the track), interpolated linearly. */
  at(offset: number): TrackPosition {
    const x = Math.min(Math.max(offset, 0), this.duration);
    // Last point whose offset is <= x.
    let lo = 0;
    let hi = this.offsets.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.offsets[mid]! <= x) lo = mid;
      else hi = mid - 1;
    }
    const a = this.points[lo]!;
    const b = this.points[lo + 1];
    if (!b) return { lng: a.lng, lat: a.lat, time: a.time, speed: a.speed, index: lo };
    const span = this.offsets[lo + 1]! - this.offsets[lo]!;
    const f = span > 0 ? (x - this.offsets[lo]!) / span : 0;
    const dt = b.time - a.time;
    const measured = dt > 0 ? distanceM(a, b) / (dt / 1000) : null;
    return {
      lng: a.lng + (b.lng - a.lng) * f,
      lat: a.lat + (b.lat - a.lat) * f,
      time: Math.round(a.time + dt * f),
      speed: a.speed ?? measured,
      index: lo,
    };
  }
}

export interface Clock {
  /** Monotonic ms. */
  now(): number;
}

const systemClock: Clock = { now: () => performance.now() };

/**
 * Plays a timeline: the offset grows with the clock times the speed while playing, and stops at
 * the end. Kept as an anchor (offset at a clock reading), so nothing needs to tick for it to be right.
 */
export class Player {
  private anchorOffset = 0;
  private anchorClock = 0;
  private running = false;
  private rate: PlaybackSpeed = 1;

  constructor(
    readonly timeline: Timeline,
    private readonly clock: Clock = systemClock,
  ) {}

  get playing(): boolean {
    this.offset(); // reaching the end stops it
    return this.running;
  }

  get speed(): PlaybackSpeed {
    return this.rate;
  }

  /** The playback offset now, in ms. */
  offset(): number {
    if (!this.running) return this.anchorOffset;
    const value = this.anchorOffset + (this.clock.now() - this.anchorClock) * this.rate;
    if (value >= this.timeline.duration) {
      this.anchorOffset = this.timeline.duration;
      this.running = false;
      return this.anchorOffset;
    }
    return value;
  }

  position(): TrackPosition {
    return this.timeline.at(this.offset());
  }

  /** Starts or resumes; from the end it starts over. */
  play(): void {
    if (this.running) return;
    if (this.anchorOffset >= this.timeline.duration) this.anchorOffset = 0;
    this.anchorClock = this.clock.now();
    this.running = this.timeline.duration > 0;
  }

  pause(): void {
    this.anchorOffset = this.offset();
    this.running = false;
  }

  setSpeed(speed: PlaybackSpeed): void {
    this.reanchor();
    this.rate = speed;
  }

  seek(offset: number): void {
    this.reanchor();
    this.anchorOffset = Math.min(Math.max(offset, 0), this.timeline.duration);
  }

  private reanchor(): void {
    this.anchorOffset = this.offset();
    this.anchorClock = this.clock.now();
  }
}
