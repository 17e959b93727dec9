import type { Device } from '@ptt/contracts';
import type { Action } from '@ptt/contracts';

/** What can be done with one device; each opens its dialog. */
export type DeviceAction =
  | 'details'
  | 'log'
  | 'edit'
  | 'activate'
  | 'reactivate'
  | 'assign'
  | 'cancel'
  | 'status'
  | 'delete';

/** The permission each action needs (contracts PERMISSIONS); the server checks the same. */
export const ACTION_PERMISSION: Record<DeviceAction, Action> = {
  details: 'device.read',
  log: 'device.read',
  edit: 'device.update',
  activate: 'device.activate',
  reactivate: 'device.activate',
  assign: 'device.assign',
  cancel: 'device.assign',
  status: 'device.update',
  delete: 'device.delete',
};

/** Activated at some time, even if its account was cancelled since. */
export function everActivated(d: Device): boolean {
  return d.active || d.activatedAt !== null;
}

/**
 * The account actions the device's state allows, as the server's activation flow has them: first
 * activation only for a device never activated, re-activation and assign for one without an
 * account now, cancel for one with an account. A disabled device offers none (2035).
 */
export function accountActions(d: Device): DeviceAction[] {
  if (d.status !== 'available') return d.user ? ['cancel'] : [];
  if (d.user) return ['cancel'];
  if (!everActivated(d)) return ['activate'];
  return d.active ? ['reactivate', 'assign'] : ['reactivate'];
}
