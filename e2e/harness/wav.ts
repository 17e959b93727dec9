// Test audio for Chromium's `--use-file-for-fake-audio-capture=<file>` (which loops the file).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ToneOptions {
  /** Tone frequency; 0 writes silence. */
  freqHz?: number;
  seconds?: number;
  sampleRate?: number;
  /** Peak amplitude, 0..1 of full scale. */
  amplitude?: number;
}

/** A mono 16-bit PCM WAV of a steady sine tone. */
export function toneWav({ freqHz = 440, seconds = 5, sampleRate = 48_000, amplitude = 0.5 }: ToneOptions = {}): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples * 2, 40);
  const peak = Math.round(amplitude * 32_767);
  for (let i = 0; i < samples; i++) {
    buf.writeInt16LE(Math.round(peak * Math.sin((2 * Math.PI * freqHz * i) / sampleRate)), 44 + i * 2);
  }
  return buf;
}

/** Writes a tone WAV into a fresh temporary folder and returns its path. */
export function writeToneWav(opts: ToneOptions = {}, dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-wav-'))): string {
  const file = path.join(dir, `tone-${opts.freqHz ?? 440}hz.wav`);
  writeFileSync(file, toneWav(opts));
  return file;
}

/**
 * A mono 16-bit PCM WAV that looks like speech to the browser's audio processing: 250 ms
 * "syllables" of changing pitch with soft edges and short pauses. A steady tone is what noise
 * suppression learns to remove; this keeps reaching the listener for as long as it is sent.
 */
export function syllablesWav({ seconds = 6, sampleRate = 48_000, amplitude = 0.5 }: Omit<ToneOptions, 'freqHz'> = {}): Buffer {
  const pitches = [330, 520, 410, 660, 370, 590];
  const syllable = Math.round(0.25 * sampleRate);
  const pause = Math.round(0.08 * sampleRate);
  const edge = Math.round(0.02 * sampleRate);
  const wav = toneWav({ freqHz: 0, seconds, sampleRate, amplitude });
  const peak = amplitude * 32_767;
  let phase = 0;
  for (let i = 0, n = 0; i < Math.round(seconds * sampleRate); n += 1) {
    const freq = pitches[n % pitches.length]!;
    for (let k = 0; k < syllable && i < Math.round(seconds * sampleRate); k++, i++) {
      phase += (2 * Math.PI * freq) / sampleRate;
      const gain = Math.min(1, k / edge, (syllable - k) / edge);
      wav.writeInt16LE(Math.round(peak * gain * Math.sin(phase)), 44 + i * 2);
    }
    i += pause;
  }
  return wav;
}

/** Writes syllablesWav into a fresh temporary folder and returns its path. */
export function writeSyllablesWav(opts: Omit<ToneOptions, 'freqHz'> = {}, dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-wav-'))): string {
  const file = path.join(dir, 'syllables.wav');
  writeFileSync(file, syllablesWav(opts));
  return file;
}
