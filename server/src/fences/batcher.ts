/** Requests in one round at most: bounds a statement's JSON parameter. */
const ROUND_MAX = 1_000;

interface Waiting<Req, Res> {
  req: Req;
  resolve(res: Res): void;
  reject(err: unknown): void;
}

/**
 * Gathers the requests made during one turn of the event loop and runs them as one database round
 * (`run` answers one result per request, in order), one round at a time; requests made meanwhile
 * wait for the next. The location writer commits a batch of reports at once and each of them is
 * evaluated right after, so one query (or transaction) serves all their fence states instead of
 * one per report: on PGlite every statement runs on the server's own thread.
 */
export class Batcher<Req, Res> {
  private queue: Waiting<Req, Res>[] = [];
  private busy = false;
  private scheduled = false;

  constructor(private readonly run: (reqs: Req[]) => Promise<Res[]>) {}

  submit(req: Req): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy || this.scheduled) return;
    this.scheduled = true;
    // After the reports already queued in this turn (a location batch's are queued together) have
    // made their requests too, and before any more I/O is read.
    queueMicrotask(() => {
      this.scheduled = false;
      void this.round();
    });
  }

  private async round(): Promise<void> {
    const batch = this.queue.splice(0, ROUND_MAX);
    if (batch.length === 0) return;
    this.busy = true;
    try {
      const results = await this.run(batch.map((w) => w.req));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      this.busy = false;
      if (this.queue.length > 0) this.schedule();
    }
  }
}
