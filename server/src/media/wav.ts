import { existsSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';

/** What a WAV header says: the AudioBridge writes 16-bit PCM at the room's sampling rate. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataBytes: number;
  durationMs: number;
}

// Janus writes the canonical 44-byte header, but walking the chunks costs nothing and also reads
// files that carry extra chunks (LIST) before `data`.
const HEADER_READ_BYTES = 4096;

/** Reads a WAV file's header; null when the file is missing or is not a PCM WAV. */
export async function readWavInfo(file: string): Promise<WavInfo | null> {
  let buf: Buffer;
  try {
    const fh = await open(file, 'r');
    try {
      const b = Buffer.alloc(HEADER_READ_BYTES);
      const { bytesRead } = await fh.read(b, 0, HEADER_READ_BYTES, 0);
      buf = b.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  } catch {
    return null;
  }
  return parseWavHeader(buf);
}

export function parseWavHeader(buf: Buffer): WavInfo | null {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') return null;
  let fmt: { channels: number; sampleRate: number; byteRate: number; bitsPerSample: number } | null = null;
  for (let at = 12; at + 8 <= buf.length; ) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 24 <= buf.length) {
      fmt = {
        channels: buf.readUInt16LE(at + 10),
        sampleRate: buf.readUInt32LE(at + 12),
        byteRate: buf.readUInt32LE(at + 16),
        bitsPerSample: buf.readUInt16LE(at + 22),
      };
    } else if (id === 'data') {
      if (!fmt || fmt.byteRate === 0) return null;
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bitsPerSample,
        dataBytes: size,
        durationMs: Math.round((size / fmt.byteRate) * 1000),
      };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** Less than one 20 ms audio frame is no recording. */
const MIN_BURST_MS = 20;

/**
 * A burst's WAV once Janus has closed it: Janus writes `<file>.tmp` and renames it on its mixer
 * thread shortly after recording stops. Null (and the file removed) when it holds no audio, null
 * when neither name exists or the rename does not come within `limitMs`.
 */
export async function finishedBurstFile(file: string, limitMs: number): Promise<{ path: string; durationMs: number } | null> {
  const deadline = Date.now() + limitMs;
  while (!existsSync(file)) {
    if (!existsSync(`${file}.tmp`) || Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 10));
  }
  const info = await readWavInfo(file);
  if (!info || info.durationMs < MIN_BURST_MS) {
    // Nobody was in the room: Janus wrote a header and (next to) no audio.
    await rm(file, { force: true });
    return null;
  }
  return { path: file, durationMs: info.durationMs };
}
