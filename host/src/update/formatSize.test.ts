import { formatSize } from './formatSize';

describe('formatSize', () => {
  it('picks the largest unit below 1024 and keeps one decimal from KB up', () => {
    expect(formatSize(0)).toEqual({ key: 'size.b', n: '0' });
    expect(formatSize(1023)).toEqual({ key: 'size.b', n: '1023' });
    expect(formatSize(1536)).toEqual({ key: 'size.kb', n: '1.5' });
    expect(formatSize(5 * 1024 * 1024)).toEqual({ key: 'size.mb', n: '5.0' });
    expect(formatSize(3 * 1024 ** 4)).toEqual({ key: 'size.gb', n: '3072.0' });
  });
});
