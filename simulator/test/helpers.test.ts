import { Limiter, backoffMs } from '../src/limit';
import { simAccount, simDeviceName, simImei } from '../src/provision';

function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

describe('simulated accounts', () => {
  it('names accounts and devices', () => {
    expect([simAccount(1), simAccount(42), simAccount(12345)]).toEqual(['sim0001', 'sim0042', 'sim12345']);
    expect(simDeviceName('sim0042')).toBe('Sim 0042');
  });

  it('gives each device a distinct 15-digit IMEI with a valid check digit', () => {
    const imeis = [1, 2, 3, 99, 5000].map(simImei);
    for (const imei of imeis) {
      expect(imei).toMatch(/^86\d{13}$/);
      expect(luhnOk(imei)).toBe(true);
    }
    expect(new Set(imeis).size).toBe(imeis.length);
  });
});

describe('Limiter', () => {
  it('never runs more than its limit at once, and runs everything', async () => {
    const limiter = new Limiter(3);
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiter.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 1 + (i % 4)));
          running--;
          done.push(i);
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(done.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('frees the slot of a task that throws', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(() => Promise.resolve(7))).resolves.toBe(7);
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s up to 30 s, plus under a second of jitter', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => backoffMs(n, none))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(1, () => 0.999)).toBe(1999);
  });
});
