import { PAGE_SIZE_MAX, type Device, type Page } from '@ptt/contracts';
import { call, loginWeb } from './api';
import { simImei } from './provision';

export interface InventoryOptions {
  url: string;
  entId: number;
  admin: string;
  adminPassword: string;
}

/** Handsets in the store room: added to the inventory, never activated. */
export const SPARE_DEVICES = ['Spare 01', 'Spare 02', 'Spare 03', 'Spare 04'] as const;

/**
 * The demo's stock of new handsets, so the devices page has something to activate (first, batch)
 * and shows 'some devices need activation'. A device already there is left as the operator set it,
 * so a second start creates nothing. Returns how many it added.
 */
export async function provisionSpareDevices(o: InventoryOptions, log: (line: string) => void): Promise<number> {
  const admin = await loginWeb(o.url, o.entId, o.admin, o.adminPassword);
  const token = admin.auth_token;
  const found = await call<Page<Device>>(o.url, 'GET', `/api/devices?q=Spare&size=${PAGE_SIZE_MAX}`, token);
  const names = new Set(found.items.map((d) => d.name));
  let added = 0;
  for (const [i, name] of SPARE_DEVICES.entries()) {
    if (names.has(name)) continue;
    // IMEIs from the top of the simulator's range, away from sim0001.. (which count up from 1).
    await call(o.url, 'POST', '/api/devices', token, { name, platform: i % 2 === 0 ? 'android' : 'ios', imei: simImei(999_000 + i) });
    added++;
  }
  if (added > 0) log(`added ${added} spare handsets to the inventory (not activated)`);
  return added;
}
