import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Writes a chunk and, when the stream says it is full, waits for 'drain': a slow client slows the
 * reader down instead of filling the server's memory. An abort (the client went away) ends the
 * wait; the caller checks the signal before reading on.
 */
export async function writeWithBackpressure(out: Writable, chunk: string | Buffer, signal: AbortSignal): Promise<void> {
  if (signal.aborted || out.destroyed) return;
  if (!out.write(chunk)) await drained(out, signal);
}

export async function drained(out: Writable, signal: AbortSignal): Promise<void> {
  if (!out.writableNeedDrain || signal.aborted || out.destroyed) return;
  try {
    await once(out, 'drain', { signal });
  } catch {
    // Aborted, or the stream was destroyed: the export loop sees it through the signal.
  }
}
