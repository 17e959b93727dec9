import { Role } from './enums';
import { PERMISSIONS, type Action } from './permissions';

// Which role may open which screen (docs/permissions.md "Screens by role" is generated from it).
// A screen's roles are those of the REST action its content needs, so the menu never offers a
// screen whose data the server would refuse. The host applies it to the header menu and to every
// navigation (typed URL, link, back button); the server still checks each request on its own.

export interface ScreenRule {
  /** Route prefix; the longest matching prefix decides. */
  readonly path: string;
  /** The REST action the screen's content needs, or null when the screen has no REST of its own yet. */
  readonly action: Action | null;
  readonly roles: readonly Role[];
}

const STAFF = [Role.Dispatcher, Role.Admin, Role.SuperAdmin] as const;

const needs = (path: string, action: Action): ScreenRule => ({ path, action, roles: PERMISSIONS[action] });
const open = (path: string, roles: readonly Role[]): ScreenRule => ({ path, action: null, roles });

export const SCREENS = {
  // The eight header menu titles, in the spec's order.
  dispatch: needs('/main/dispatch', 'channel.read'),
  users: needs('/main/userManagement', 'user.read'),
  // Members read their own channels in the dispatch console; managing members is staff work.
  channels: needs('/main/channelManagement', 'channel.members.manage'),
  // The large screen: the map of everyone, counts, SOS, talk and alerts (ADR 026).
  screen: needs('/main/screen', 'screen.read'),
  devices: needs('/main/deviceManagement', 'device.read'),
  geofence: needs('/main/fenceManagement', 'fence.read'),
  // SOS and cross-border records are dispatcher business; login and operation records of
  // everyone are for managers (members see their own through the user menu).
  records: needs('/main/record', 'record.fenceAlert.read'),
  loginRecords: needs('/main/record/login', 'record.login.read'),
  operationRecords: needs('/main/record/operation', 'record.operation.read'),
  // Patrol has no REST yet; it manages people in the field, like the other staff screens.
  patrol: open('/main/patrol', STAFF),
  // Other routes of spec section 2: client packages, notices, diagnostics, SOS handling.
  update: needs('/update', 'package.read'),
  newPage: needs('/main/newPage', 'notice.read'),
  test: needs('/main/test', 'diagnostics.read'),
  sosManagement: needs('/sosManagement', 'sos.handle'),
} as const satisfies Record<string, ScreenRule>;

export type ScreenId = keyof typeof SCREENS;
export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

/** The header menu's screens, in the spec's order (Dispatch, Users, ... Patrol). */
export const MENU_SCREENS = ['dispatch', 'users', 'channels', 'screen', 'devices', 'geofence', 'records', 'patrol'] as const satisfies readonly ScreenId[];

export function canOpenScreen(role: number, screen: ScreenId): boolean {
  return (SCREENS[screen].roles as readonly number[]).includes(role);
}

// React Router matches paths case-insensitively, so the guard must too (/main/UserManagement).
function underPath(pathname: string, prefix: string): boolean {
  const path = pathname.toLowerCase();
  const base = prefix.toLowerCase();
  return path === base || path.startsWith(`${base}/`);
}

/** The screen a pathname belongs to (longest prefix), or null for paths no rule covers (/login). */
export function screenForPath(pathname: string): ScreenId | null {
  let best: ScreenId | null = null;
  for (const id of SCREEN_IDS) {
    const { path } = SCREENS[id];
    if (underPath(pathname, path) && (best === null || path.length > SCREENS[best].path.length)) best = id;
  }
  return best;
}

/** False only when a rule covers the path and the role is not in it. */
export function canOpenPath(role: number, pathname: string): boolean {
  const screen = screenForPath(pathname);
  return screen === null || canOpenScreen(role, screen);
}

/** Where a refused navigation lands: the first menu screen the role may open. */
export function homeScreenFor(role: number): ScreenId {
  return MENU_SCREENS.find((s) => canOpenScreen(role, s)) ?? 'dispatch';
}
