import type { FenceDetail } from '@ptt/contracts';
import type { RestReader } from '../src/adminApi';
import { onAlertingSide } from '../src/cross';
import { FenceCrosser } from '../src/crosser';
import { SimDevice, type DeviceContext } from '../src/device';
import { Limiter } from '../src/limit';
import { move, seededRandom } from '../src/walk';

// The crossing requests without a server: fences and channel members from a fake REST reader,
// real (unconnected) devices whose planned walks are read back.

const CENTER = { lng: 116.397, lat: 39.909 };

function fence(id: number, over: Partial<FenceDetail> = {}): Partial<FenceDetail> {
  return {
    id,
    name: `Fence ${id}`,
    enabled: true,
    rule: 'leave',
    shape: { type: 'circle', center: CENTER, radius: 2600 },
    dwellS: 0,
    activeNow: true,
    users: [],
    channels: [],
    ...over,
  };
}

function reader(fences: Partial<FenceDetail>[], channels: Record<number, string[]>): RestReader & { paths: string[] } {
  const paths: string[] = [];
  return {
    paths,
    get: <T,>(path: string) => {
      paths.push(path);
      const url = new URL(path, 'http://x');
      const fenceId = /^\/api\/fences\/(\d+)$/.exec(url.pathname)?.[1];
      const channelId = /^\/api\/channels\/(\d+)\/members$/.exec(url.pathname)?.[1];
      let data: unknown;
      if (fenceId) data = fences.find((f) => f.id === Number(fenceId));
      else if (url.pathname === '/api/fences') data = { items: fences.filter((f) => f.enabled), total: fences.length };
      else if (channelId) data = { items: (channels[Number(channelId)] ?? []).map((account) => ({ account })), total: 0 };
      return data === undefined ? Promise.reject(new Error(`GET ${path}: 2012`)) : Promise.resolve(data as T);
    },
  };
}

function device(account: string, at = move(CENTER, 0, 1000)): SimDevice {
  const ctx: DeviceContext = {
    url: 'http://x', entId: 1, password: 'p', intervalMs: 5000, center: CENTER, radiusM: 3000, coord: 0, execDelayMs: 0,
    limiter: new Limiter(1), stats: { positions: 0, commandsReceived: 0, commandsAnswered: 0, sos: 0, reconnects: 0, callsRung: 0, callsAccepted: 0, published: 0, crossings: 0 },
    log: () => undefined, rnd: seededRandom(3),
  };
  const d = new SimDevice(account, ctx);
  d.walker = { ...d.walker, ...at };
  d.state = 'open';
  return d;
}

/** The planned walk, read the way reports take it. */
const plannedOf = (d: SimDevice) => (d as unknown as { planned: { lng: number; lat: number }[] }).planned;

describe('FenceCrosser', () => {
  it('walks a member covered through a channel over the edge and says where the alert side starts', async () => {
    const m1 = device('member1');
    const api = reader([fence(7, { name: 'Operations area', channels: [{ channelId: 3, name: 'Security', enabled: true, linkedAt: '' }] })], { 3: ['member1', 'dispatcher1'] });
    const crosser = new FenceCrosser(() => [m1], api, 5000);
    const outcome = await crosser.cross('member1', 7);
    expect(outcome.started).toBe(true);
    expect(outcome.said).toMatch(/^member1 walks across fence 7 "Operations area" \(leave: alert outside\): on the alerting side from point \d+ of \d+, ~\d+ s$/);
    expect(m1.following).toBe(true);
    const last = plannedOf(m1).at(-1)!;
    expect(onAlertingSide(last, 'leave', { type: 'circle', center: CENTER, radius: 2600 })).toBe(true);
    expect(api.paths).toEqual(['/api/fences/7', '/api/channels/3/members?page=1&size=200']);
  });

  it('still walks, but says why no alert will come: not covered, exempted, stopped, outside its schedule', async () => {
    const m1 = device('member1');
    const crosser = (f: Partial<FenceDetail>) => new FenceCrosser(() => [m1], reader([f], { 3: ['member1'] }), 5000);
    const channel = { channelId: 3, name: 'General', enabled: true, linkedAt: '' };
    expect((await crosser(fence(1)).cross('member1', 1)).said).toMatch(/member1 is not covered by this fence: no alert will come$/);
    const exempted = fence(1, { channels: [channel], users: [{ uid: 5, account: 'member1', nickname: 'M', enabled: false, linkedAt: '' }] });
    expect((await crosser(exempted).cross('member1', 1)).said).toMatch(/not covered/);
    const stopped = fence(1, { enabled: false, users: [{ uid: 5, account: 'member1', nickname: 'M', enabled: true, linkedAt: '' }] });
    expect((await crosser(stopped).cross('member1', 1)).said).toMatch(/; the fence is stopped: no alert will come$/);
    const offHours = fence(1, { activeNow: false, channels: [channel], rule: 'stay', dwellS: 30 });
    expect((await crosser(offHours).cross('member1', 1)).said).toMatch(/\(stay: alert inside, dwell 30 s\).*outside its schedule now/);
  });

  it('refuses an unknown or disconnected device and passes a missing fence on', async () => {
    const m1 = device('member1');
    m1.state = 'waiting';
    const crosser = new FenceCrosser(() => [m1], reader([], {}), 5000);
    expect(await crosser.cross('member9', 1)).toEqual({ started: false, said: 'no simulated device member9' });
    expect(await crosser.cross('member1', 1)).toEqual({ started: false, said: 'member1 is not connected' });
    m1.state = 'open';
    await expect(crosser.cross('member1', 1)).rejects.toThrow('2012');
  });

  it('picks, at random, a connected member not already walking whom an enabled, active fence covers', async () => {
    const [m1, m2, m3] = ['member1', 'member2', 'member3'].map((a) => device(a));
    m2!.followPath([CENTER]);
    m3!.state = 'waiting';
    const fences = [
      fence(1, { users: [{ uid: 1, account: 'member1', nickname: 'M1', enabled: true, linkedAt: '' }] }),
      fence(2, { enabled: false, users: [{ uid: 2, account: 'member2', nickname: 'M2', enabled: true, linkedAt: '' }] }),
      fence(3, { activeNow: false, users: [{ uid: 1, account: 'member1', nickname: 'M1', enabled: true, linkedAt: '' }] }),
    ];
    const crosser = new FenceCrosser(() => [m1!, m2!, m3!], reader(fences, {}), 5000, seededRandom(1));
    const outcome = await crosser.crossRandom();
    expect(outcome.said).toMatch(/^member1 walks across fence 1 /);
    // Now nobody is free.
    expect(await crosser.crossRandom()).toEqual({ started: false, said: 'no simulated member free to cross a fence' });
    const none = new FenceCrosser(() => [device('member4')], reader(fences, {}), 5000);
    expect(await none.crossRandom()).toEqual({ started: false, said: 'no enabled fence covers a simulated member: nobody crosses' });
  });
});
