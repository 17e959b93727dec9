import { byteRange } from './byte-range';

describe('byteRange', () => {
  it('reads a closed, an open and a suffix range', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(byteRange('bytes=-200', 1000)).toEqual({ start: 800, end: 999 });
  });

  it('clips the end to the file and a suffix longer than the file to all of it', () => {
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('ignores what it does not serve: no header, other units, several ranges, nonsense', () => {
    for (const h of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=a-b', 'bytes=5-1', 'bytes=-0']) {
      expect(byteRange(h, 1000)).toBeNull();
    }
  });

  it('ignores a range past the end and any range of an empty file', () => {
    expect(byteRange('bytes=1000-', 1000)).toBeNull();
    expect(byteRange('bytes=0-', 0)).toBeNull();
    expect(byteRange('bytes=99999999999999999999-', 1000)).toBeNull();
  });
});
