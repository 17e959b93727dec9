import { MAX_SPEED_MPS, MIN_SPEED_MPS, distanceMetres, seededRandom, startWalker, step, type Walker } from '../src/walk';

const center = { lng: 116.397, lat: 39.909 };

describe('random walk', () => {
  it('repeats itself with the same seed and differs with another', () => {
    const run = (seed: number) => {
      const rnd = seededRandom(seed);
      let w = startWalker(center, 1000, rnd);
      for (let i = 0; i < 50; i++) w = step(w, center, 1000, 5000, rnd);
      return w;
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it('gives numbers in [0, 1)', () => {
    const rnd = seededRandom(1);
    const values = Array.from({ length: 10_000 }, rnd);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.reduce((a, b) => a + b, 0) / values.length).toBeCloseTo(0.5, 1);
  });

  it('starts inside the circle and never leaves it, moving no faster than the top speed', () => {
    const rnd = seededRandom(42);
    const radius = 300;
    for (let walker = 0; walker < 20; walker++) {
      let w: Walker = startWalker(center, radius, rnd);
      expect(distanceMetres(center, w)).toBeLessThanOrEqual(radius + 0.01);
      for (let i = 0; i < 500; i++) {
        const next = step(w, center, radius, 5000, rnd);
        expect(distanceMetres(w, next)).toBeLessThanOrEqual(MAX_SPEED_MPS * 5 + 0.01);
        expect(distanceMetres(center, next)).toBeLessThanOrEqual(radius + 0.01);
        expect(next.speed).toBeGreaterThanOrEqual(MIN_SPEED_MPS);
        expect(next.speed).toBeLessThanOrEqual(MAX_SPEED_MPS);
        expect(next.heading).toBeGreaterThanOrEqual(0);
        expect(next.heading).toBeLessThan(360);
        w = next;
      }
    }
  });

  it('actually moves, and covers ground over time', () => {
    const rnd = seededRandom(3);
    let w = startWalker(center, 2000, rnd);
    const start = { ...w };
    let farthest = 0;
    for (let i = 0; i < 200; i++) {
      w = step(w, center, 2000, 5000, rnd);
      farthest = Math.max(farthest, distanceMetres(start, w));
    }
    expect(farthest).toBeGreaterThan(100);
  });

  it('measures distances in metres at the latitude of the walk', () => {
    // 0.01 degree of latitude is about 1113 m anywhere; of longitude, less away from the equator.
    expect(distanceMetres({ lng: 0, lat: 0 }, { lng: 0, lat: 0.01 })).toBeCloseTo(1113.2, 0);
    expect(distanceMetres({ lng: 0, lat: 60 }, { lng: 0.01, lat: 60 })).toBeCloseTo(556.6, 0);
  });
});
