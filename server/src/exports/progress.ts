import { EXPORT_PROGRESS_EVERY_ROWS, EXPORT_PROGRESS_KIND, topics, type ExportProgressFrame } from '@ptt/contracts';
import type { Hub } from '../ws/hub';

const EVERY_MS = 1_000;

/**
 * ExportProgress frames to the exporting user's own sockets (ADR 028): at the start, every
 * EXPORT_PROGRESS_EVERY_ROWS rows, at least once a second while the export runs (also while it
 * waits for a slow client), and a last one with `done` (and `cancelled` when the client left).
 * Without an export id nothing is sent. A failing hub never fails the export.
 */
export class ExportProgress {
  private rows = 0;
  private sentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private finished = false;

  constructor(
    private readonly hub: Hub,
    private readonly target: { entId: number; userId: number; exportId: string | undefined },
    private readonly total: number,
  ) {}

  start(): void {
    if (this.target.exportId === undefined) return;
    this.send(false, false);
    this.timer = setInterval(() => {
      if (Date.now() - this.sentAt >= EVERY_MS) this.send(false, false);
    }, EVERY_MS);
    this.timer.unref();
  }

  /** `n` more rows were written: a frame at each multiple of EXPORT_PROGRESS_EVERY_ROWS passed. */
  add(n: number): void {
    const step = Math.floor(this.rows / EXPORT_PROGRESS_EVERY_ROWS);
    this.rows += n;
    if (Math.floor(this.rows / EXPORT_PROGRESS_EVERY_ROWS) > step || Date.now() - this.sentAt >= EVERY_MS) this.send(false, false);
  }

  finish(cancelled: boolean): void {
    if (this.finished) return;
    this.finished = true;
    if (this.timer) clearInterval(this.timer);
    this.send(true, cancelled);
  }

  private send(done: boolean, cancelled: boolean): void {
    const { entId, userId, exportId } = this.target;
    if (exportId === undefined) return;
    this.sentAt = Date.now();
    const frame: ExportProgressFrame = { exportId, rows: this.rows, total: this.total, done, cancelled };
    void this.hub.publish(topics.userListen(entId, userId), EXPORT_PROGRESS_KIND, frame).catch(() => undefined);
  }
}
