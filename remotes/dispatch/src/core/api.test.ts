import { PAGE_SIZE_MAX } from '@ptt/contracts';
import { PAGE_CONCURRENCY, loadAllPages } from './api';

function pages(total: number) {
  const asked: number[] = [];
  const fetchPage = (page: number) => {
    asked.push(page);
    const start = (page - 1) * PAGE_SIZE_MAX;
    return Promise.resolve(Array.from({ length: Math.max(0, Math.min(PAGE_SIZE_MAX, total - start)) }, (_, i) => start + i));
  };
  return { asked, fetchPage };
}

describe('loadAllPages', () => {
  it('stops after one request when the first page is short', async () => {
    const { asked, fetchPage } = pages(5);
    const got: number[][] = [];
    await loadAllPages(fetchPage, (items) => got.push(items));
    expect(asked).toEqual([1]);
    expect(got).toEqual([[0, 1, 2, 3, 4]]);
  });

  it('loads 10,000 items a few pages at a time, in order, until the first short page', async () => {
    const { asked, fetchPage } = pages(10_050);
    const all: number[] = [];
    const flags: [boolean, boolean][] = [];
    await loadAllPages(fetchPage, (items, first, done) => {
      all.push(...items);
      flags.push([first, done]);
    });
    expect(all).toHaveLength(10_050);
    expect(all.every((v, i) => v === i)).toBe(true);
    expect(flags[0]).toEqual([true, false]);
    expect(flags.at(-1)).toEqual([false, true]);
    expect(flags.filter(([, done]) => done)).toHaveLength(1);
    // 51 pages hold the items; the last round asks for at most PAGE_CONCURRENCY - 1 pages too many.
    expect(Math.max(...asked)).toBeLessThan(51 + PAGE_CONCURRENCY);
  });

  it('ends with an empty page when the items fill whole pages', async () => {
    const { fetchPage } = pages(PAGE_SIZE_MAX * 2);
    const done: boolean[] = [];
    await loadAllPages(fetchPage, (_, __, d) => done.push(d));
    expect(done.at(-1)).toBe(true);
  });
});
