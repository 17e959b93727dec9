import { MENU_SCREENS, SCREENS, canOpenScreen } from '@ptt/contracts';
import type { ScreenId } from '@ptt/contracts';

const TITLE_KEYS: Record<(typeof MENU_SCREENS)[number], string> = {
  dispatch: 'menu.dispatch',
  users: 'menu.users',
  channels: 'menu.channels',
  screen: 'menu.screen',
  devices: 'menu.devices',
  geofence: 'menu.geofence',
  records: 'menu.records',
  patrol: 'menu.patrol',
};

export interface MenuItem {
  screen: ScreenId;
  key: string;
  to: string;
}

/** Spec 2: the header menu, in this order. */
export const MENU_ITEMS: readonly MenuItem[] = MENU_SCREENS.map((screen) => ({
  screen,
  key: TITLE_KEYS[screen],
  to: SCREENS[screen].path,
}));

/** The titles a role may open (docs/permissions.md, "Screens by role"). */
export function menuFor(role: number): MenuItem[] {
  return MENU_ITEMS.filter((item) => canOpenScreen(role, item.screen));
}

// The landmark's name is an identifier (tests and assistive tech find the menu by it), so it
// stays the same in every language.
export const MAIN_MENU_LABEL = 'Main menu';
