import { LOCATIONS_KIND, LOCATION_KIND, topics, type LocationPoint } from '@ptt/contracts';
import type { Hub } from '../ws/hub';

/** Collecting window per enterprise. */
export const FANOUT_WINDOW_MS = 50;
/** Points per frame at most (~100 bytes each); a full frame goes out at once. */
export const FANOUT_FRAME_MAX = 500;

interface Pending {
  points: LocationPoint[];
  timer: NodeJS.Timeout | null;
  lastAt: number;
}

/**
 * Publishes positions on `dispatch/{entId}`, several per frame. Acceptance 4 is 5,000 devices
 * every 5 s (1,000 points/s) to 50 dispatcher sockets: one frame per point would be 50,000 socket
 * writes a second; one frame per 50 ms window is 1,000, each carrying ~50 points. The first point
 * after a quiet window goes out at once (setTimeout 0 still collects points of the same tick); later
 * ones wait at most one window, which keeps publish-to-receive p99 well under the 100 ms target.
 * A window with one point sends kind Location with that point, otherwise Locations `{ points }`.
 */
export class LocationFanout {
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly hub: Hub,
    private readonly windowMs: number = FANOUT_WINDOW_MS,
  ) {}

  add(entId: number, points: readonly LocationPoint[]): void {
    if (points.length === 0) return;
    let p = this.pending.get(entId);
    if (!p) {
      p = { points: [], timer: null, lastAt: 0 };
      this.pending.set(entId, p);
    }
    p.points.push(...points);
    if (p.points.length >= FANOUT_FRAME_MAX) {
      this.flush(entId, p);
      return;
    }
    if (p.timer) return;
    const wait = Math.max(0, p.lastAt + this.windowMs - Date.now());
    const entry = p;
    p.timer = setTimeout(() => this.flush(entId, entry), wait);
    p.timer.unref();
  }

  private flush(entId: number, p: Pending): void {
    if (p.timer) clearTimeout(p.timer);
    p.timer = null;
    p.lastAt = Date.now();
    const points = p.points.splice(0);
    if (points.length === 0) return;
    const topic = topics.dispatch(entId);
    const sent = points.length === 1 ? this.hub.publish(topic, LOCATION_KIND, points[0]) : this.hub.publish(topic, LOCATIONS_KIND, { points });
    // Positions are live telemetry: a hub failure loses this frame, the next report replaces it.
    sent.catch(() => undefined);
  }
}
