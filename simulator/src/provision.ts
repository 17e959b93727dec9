import { PAGE_SIZE_MAX, ServerCode, type Device, type Page, type UserSummary } from '@ptt/contracts';
import { ApiError, call, loginWeb } from './api';
import { Limiter } from './limit';

export interface ProvisionOptions {
  url: string;
  entId: number;
  devices: number;
  password: string;
  admin: string;
  adminPassword: string;
  concurrency: number;
}

/** sim0001, sim0002, ... (wider once past 9999). */
export function simAccount(n: number): string {
  return `sim${String(n).padStart(4, '0')}`;
}

/** The device name of a simulated account: sim0001 -> 'Sim 0001'. */
export function simDeviceName(account: string): string {
  return `Sim ${account.slice(3)}`;
}

/** A 15-digit IMEI-like number with a valid Luhn check digit, in a range the demo does not use. */
export function simImei(n: number): string {
  const body = `86${String(n).padStart(12, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // From the right, every second digit is doubled (the check digit will be the rightmost).
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

async function allPages<T>(fetchPage: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const p = await fetchPage(page);
    items.push(...p.items);
    if (p.items.length === 0 || items.length >= p.total) return items;
  }
}

/**
 * Makes sure accounts sim0001..simN exist, each with an activated android device, through the
 * public REST API as the admin. Existing accounts and devices are reused, so a second run
 * creates nothing. Returns the account names.
 */
export async function provisionSimDevices(o: ProvisionOptions, log: (line: string) => void): Promise<string[]> {
  const accounts = Array.from({ length: o.devices }, (_, i) => simAccount(i + 1));
  const admin = await loginWeb(o.url, o.entId, o.admin, o.adminPassword);
  const token = admin.auth_token;
  const get = <T>(path: string) => call<T>(o.url, 'GET', path, token);
  const post = <T>(path: string, body?: unknown) => call<T>(o.url, 'POST', path, token, body);

  const users = await allPages((page) => get<Page<UserSummary>>(`/api/users?q=sim&size=${PAGE_SIZE_MAX}&page=${page}`));
  const userIds = new Map(users.map((u) => [u.account, u.id]));
  const devices = await allPages((page) => get<Page<Device>>(`/api/devices?q=sim&size=${PAGE_SIZE_MAX}&page=${page}`));
  const boundUids = new Set(devices.flatMap((d) => (d.user ? [d.user.uid] : [])));
  const byName = new Map(devices.map((d) => [d.name, d]));

  const limiter = new Limiter(o.concurrency);
  let created = 0;
  let equipped = 0;
  await Promise.all(
    accounts.map((account, i) =>
      limiter.run(async () => {
        let uid = userIds.get(account);
        if (uid === undefined) {
          const nickname = `Sim ${account.slice(3)}`;
          uid = (await post<{ id: number }>('/api/users', { account, nickname, password: o.password, role: 0 })).id;
          created++;
        }
        if (boundUids.has(uid)) return;
        await equip(post, byName.get(simDeviceName(account)) ?? null, account, uid, i + 1);
        equipped++;
        if ((created + equipped) % 50 === 0) log(`provisioned ${created} accounts and ${equipped} devices so far...`);
      }),
    ),
  );
  if (created || equipped) log(`created ${created} accounts and activated ${equipped} devices`);
  return accounts;
}

type Post = <T>(path: string, body?: unknown) => Promise<T>;

/** Gives the account its device: creates it if needed, then the activation step its state allows. */
async function equip(post: Post, existing: Device | null, account: string, uid: number, n: number): Promise<void> {
  let device = existing;
  if (!device) {
    const body = { name: simDeviceName(account), platform: 'android', imei: simImei(n) };
    try {
      device = await post<Device>('/api/devices', body);
    } catch (err) {
      // Someone else's device holds this IMEI: the simulated one goes without.
      if (!(err instanceof ApiError) || err.code !== ServerCode.AlreadyExists) throw err;
      device = await post<Device>('/api/devices', { name: body.name, platform: 'android' });
    }
  }
  if (device.user) return; // bound to another account; leave it as the operator set it
  if (!device.active && device.activatedAt === null) await post(`/api/devices/${device.id}/activate`, { uid });
  else if (device.active) await post(`/api/devices/${device.id}/assign`, { uid });
  else await post(`/api/devices/${device.id}/reactivate`, { uid });
}
