import type { Locator } from '@playwright/test';
import type { Console } from './console';

// The watched-channel tiles of the dispatch console (remotes/dispatch/src/watch) as the media
// specs read them: `data-level` is the room's WebAudio analyser after the tile's gain, i.e. what
// the dispatcher hears of that channel, refreshed every 200 ms.

/** Output level (RMS 0..1 after the tile's gain) above which a tile plays sound, below which silence. */
export const LEVEL_HEARD = 0.01;
export const LEVEL_SILENT = 0.001;

export const tileOf = (c: Console, name: string): Locator =>
  c.page.getByTestId('watch-tile').filter({ has: c.page.getByText(name, { exact: true }) });

/** `data-level` of `tile` read every 100 ms for `ms`. */
async function levels(tile: Locator, ms: number): Promise<number[]> {
  const samples: number[] = [];
  for (const end = Date.now() + ms; Date.now() < end; ) {
    samples.push(Number(await tile.getAttribute('data-level')));
    await tile.page().waitForTimeout(100);
  }
  return samples;
}

/** The highest level over `ms` (the talkers' WAV has gaps between syllables). */
export async function peakLevel(tile: Locator, ms = 1_500): Promise<number> {
  return Math.max(0, ...(await levels(tile, ms)));
}

/** Mean and peak over `ms`: several syllables, so pauses even out. */
export async function levelOver(tile: Locator, ms: number): Promise<{ mean: number; peak: number }> {
  const samples = await levels(tile, ms);
  const mean = samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return { mean: round(mean), peak: round(Math.max(0, ...samples)) };
}
