import { positionAt, replaySpan, stopResultAt, tracksOf } from './replay';
import { runDetail } from './test/fixtures';

const at = (iso: string) => Date.parse(iso);

describe('run replay', () => {
  const detail = runDetail();
  const tracks = tracksOf(detail);

  it('spans the planned start to the run\'s end', () => {
    expect(replaySpan(detail, tracks)).toEqual({ start: at('2026-11-28T08:00:00Z'), end: at('2026-11-28T08:50:00Z') });
  });

  it('places a member between their points, nowhere before the first, at the last after it', () => {
    const points = tracks[0]!.points;
    expect(positionAt(points, at('2026-11-28T07:59:00Z'))).toBeNull();
    const half = positionAt(points, at('2026-11-28T08:06:00Z'))!;
    expect(half.lng).toBeCloseTo(116.391, 6);
    expect(positionAt(points, at('2026-11-28T09:00:00Z'))).toMatchObject({ lng: 116.394, lat: 39.902 });
  });

  it('shows a stop pending until it was settled; a skipped stop missed at the later check-in', () => {
    const [gate, warehouse, yard] = detail.nodes;
    const result = (n: typeof gate, iso: string) => stopResultAt(n!, detail.nodes, detail.deadline, at(iso));
    expect(result(gate, '2026-11-28T08:00:29Z')).toBe('pending');
    expect(result(gate, '2026-11-28T08:00:30Z')).toBe('onTime');
    expect(result(warehouse, '2026-11-28T08:26:59Z')).toBe('pending');
    expect(result(warehouse, '2026-11-28T08:27:00Z')).toBe('missed');
    expect(result(yard, '2026-11-28T08:27:00Z')).toBe('late');
  });
});
