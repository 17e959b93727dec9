import { MAX_GAP_MS, Player, Timeline, distanceM } from './playback';
import type { TrackSample } from './playback';

class FakeClock {
  t = 1_000;
  now = () => this.t;
  advance(ms: number) {
    this.t += ms;
  }
}

const T0 = Date.UTC(2025, 0, 1, 8, 0, 0);
// Due east along the equator: 0.001 degree is about 111 m.
const points: TrackSample[] = [
  { time: T0, lng: 0, lat: 0, speed: null },
  { time: T0 + 10_000, lng: 0.001, lat: 0, speed: 5 },
  { time: T0 + 20_000, lng: 0.002, lat: 0, speed: null },
];

describe('timeline', () => {
  it('interpolates the position and the time between two points', () => {
    const line = new Timeline(points);
    expect(line.duration).toBe(20_000);
    const p = line.at(5_000);
    expect(p.lng).toBeCloseTo(0.0005, 9);
    expect(p.time).toBe(T0 + 5_000);
    expect(p.index).toBe(0);
  });

  it("uses the reported speed, else distance over time", () => {
    const line = new Timeline(points);
    expect(line.at(12_000).speed).toBe(5);
    expect(line.at(2_000).speed).toBeCloseTo(distanceM(points[0]!, points[1]!) / 10, 6);
    expect(distanceM(points[0]!, points[1]!)).toBeGreaterThan(110);
    expect(distanceM(points[0]!, points[1]!)).toBeLessThan(112);
  });

  it('clamps to the ends and sorts points by time', () => {
    const line = new Timeline([points[2]!, points[0]!, points[1]!]);
    expect(line.at(-5).lng).toBe(0);
    expect(line.at(1e9)).toMatchObject({ lng: 0.002, time: T0 + 20_000, index: 2 });
  });

  it('shortens long pauses but shows the real time after them', () => {
    const hours = 3 * 3_600_000;
    const line = new Timeline([points[0]!, { time: T0 + hours, lng: 1, lat: 0, speed: null }]);
    expect(line.duration).toBe(MAX_GAP_MS);
    expect(line.at(MAX_GAP_MS / 2).time).toBe(T0 + hours / 2);
  });

  it('plays a single point as a track of length 0', () => {
    const line = new Timeline([points[0]!]);
    expect(line.duration).toBe(0);
    expect(line.at(100)).toMatchObject({ lng: 0, lat: 0, time: T0 });
  });
});

describe('player', () => {
  it('advances with the clock times the speed, and pause holds the position', () => {
    const clock = new FakeClock();
    const player = new Player(new Timeline(points), clock);
    expect(player.offset()).toBe(0);
    clock.advance(1_000);
    expect(player.offset()).toBe(0);

    player.play();
    clock.advance(1_000);
    expect(player.offset()).toBe(1_000);
    player.setSpeed(5);
    clock.advance(1_000);
    expect(player.offset()).toBe(6_000);

    player.pause();
    clock.advance(5_000);
    expect(player.offset()).toBe(6_000);
    expect(player.playing).toBe(false);

    player.play();
    clock.advance(400);
    expect(player.offset()).toBe(8_000);
    expect(player.position().time).toBe(T0 + 8_000);
  });

  it('stops at the end and starts over when played again', () => {
    const clock = new FakeClock();
    const player = new Player(new Timeline(points), clock);
    player.setSpeed(20);
    player.play();
    clock.advance(2_000);
    expect(player.offset()).toBe(20_000);
    expect(player.playing).toBe(false);
    clock.advance(1_000);
    expect(player.offset()).toBe(20_000);
    player.play();
    expect(player.offset()).toBe(0);
    expect(player.playing).toBe(true);
  });

  it('seeks while playing and keeps playing from there', () => {
    const clock = new FakeClock();
    const player = new Player(new Timeline(points), clock);
    player.play();
    clock.advance(3_000);
    player.seek(15_000);
    clock.advance(1_000);
    expect(player.offset()).toBe(16_000);
    player.seek(-10);
    expect(player.offset()).toBe(0);
  });

  it('does not start on a track of one point', () => {
    const player = new Player(new Timeline([points[0]!]), new FakeClock());
    player.play();
    expect(player.playing).toBe(false);
  });
});
