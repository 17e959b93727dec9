import { Role } from './enums';

// The role-by-action matrix (docs/permissions.md is generated from it). The server enforces it in
// its services; UIs read it only to hide what would be refused anyway.

const ALL = [Role.User, Role.Dispatcher, Role.Admin, Role.SuperAdmin] as const;
const STAFF = [Role.Dispatcher, Role.Admin, Role.SuperAdmin] as const;
const MANAGERS = [Role.Admin, Role.SuperAdmin] as const;
const SUPER = [Role.SuperAdmin] as const;

export const PERMISSIONS = {
  'enterprise.read': ALL,
  'enterprise.update': SUPER,
  'user.read': STAFF,
  'user.create': MANAGERS,
  'user.update': MANAGERS,
  'user.delete': MANAGERS,
  'user.lock': MANAGERS,
  'user.resetPassword': MANAGERS,
  'user.tag': MANAGERS,
  'user.blacklist': MANAGERS,
  'user.import': MANAGERS,
  'user.export': MANAGERS,
  /** Create, change, lock or delete accounts with the admin or super admin role. */
  'user.manageAdmins': SUPER,
  /** The caller's own nickname, avatar, password, blacklist and login records. */
  'self.update': ALL,
  /** The caller's own login, operation and SOS records (the record screens are for managers). */
  'self.read': ALL,
  /** Members read only the channels they belong to; staff read every channel. */
  'channel.read': ALL,
  'channel.create': MANAGERS,
  'channel.update': MANAGERS,
  'channel.suspend': STAFF,
  'channel.disband': MANAGERS,
  'channel.delete': SUPER,
  'channel.members.manage': STAFF,
  'channel.import': MANAGERS,
  'channel.export': MANAGERS,
  'device.read': STAFF,
  'device.create': MANAGERS,
  'device.update': MANAGERS,
  'device.delete': SUPER,
  'device.activate': MANAGERS,
  'device.batchActivate': SUPER,
  'device.assign': MANAGERS,
  /** Remote commands, kill included: dispatchers in the field disable lost handsets themselves;
   *  kill needs an explicit confirm and every command is audited. */
  'device.command': STAFF,
  /** Anyone's track and the map of latest positions; a member reads only their own track. */
  'location.read': STAFF,
  /** Receive the `dispatch/{entId}` topic on /ws2: every position, device change, command state
   *  and geofence alert of the enterprise (the same people who may read them over REST). */
  'dispatch.listen': STAFF,
  /** Close an SOS (members see and raise only their own). */
  'sos.handle': STAFF,
  /** The organisation's escalation time and the sites that may embed the SOS page (ADR 025). */
  'sos.settings': MANAGERS,
  /** Told when an SOS escalates (nobody acknowledged it in time): the people who can act on staff. */
  'sos.escalation': MANAGERS,
  /** The large screen's counts, map, open SOS, talk and alerts (ADR 026); paired wall displays
   *  read the same through their own credential. */
  'screen.read': STAFF,
  /** Pair, rename, lay out and revoke the organisation's wall displays. */
  'screen.displays': MANAGERS,
  /** Geofences: list and read; draw, change, start, stop, delete and link (dispatchers draw
   *  geofences on the dispatch map, so staff manage them). */
  'fence.read': STAFF,
  'fence.manage': STAFF,
  'file.upload': ALL,
  'file.read': ALL,
  'record.login.read': MANAGERS,
  'record.operation.read': MANAGERS,
  /** 1V1 calls: every role calls (members call dispatchers too), answers, rejects and hangs up. */
  'call.make': ALL,
  /** Call records: members read the calls they took part in, staff (who read every user) all. */
  'record.call.read': ALL,
  /** Cross-border (geofence) alert records: dispatchers get the live WallAlerts anyway. */
  'record.fenceAlert.read': STAFF,
  /** Patrol (ADR 029): staff watch the dashboard, members, runs and check-ins, and record a
   *  check-in reported by radio; managers plan nodes, tasks and who patrols, and delete patrol logs. */
  'patrol.read': STAFF,
  'patrol.checkin.manual': STAFF,
  'patrol.manage': MANAGERS,
  'patrol.log.delete': MANAGERS,
  /** A member's device checks in at a node (QR or NFC scan); GPS check-ins need no request. */
  'patrol.checkin': ALL,
  /** Client packages for devices (/update): the list with notes and uploaders is staff reading;
   *  uploading, marking the current version and deleting change every device, so managers. */
  'package.read': STAFF,
  'package.manage': MANAGERS,
  /** The current package of a platform: every device asks for it to update itself. */
  'package.current': ALL,
  /** /main/test: the server's clock and media server reachability, for anyone checking a console. */
  'diagnostics.read': ALL,
  /** Notices (/main/newPage): staff write, send and follow them; members receive them. */
  'notice.read': STAFF,
  'notice.manage': STAFF,
  /** Temporary channels: staff start one with users picked on the map and hang any of the
   *  enterprise's up; everyone reads the open ones they are in (members are called into them). */
  'tempChannel.manage': STAFF,
  'tempChannel.read': ALL,
  /** PTT: ask for and release the floor of a channel or temporary channel one is a member of, see
   *  the floors held there and replay a channel's recent bursts. */
  'ptt.talk': ALL,
  /** Force-insert: take the floor from the current speaker (dispatchers over the field). */
  'ptt.force': STAFF,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

export function can(role: number, action: Action): boolean {
  return (PERMISSIONS[action] as readonly number[]).includes(role);
}
