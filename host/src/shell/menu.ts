/** Spec 2: the header menu, in this order. */
export const MENU_ITEMS = [
  { key: 'menu.dispatch', to: '/main/dispatch' },
  { key: 'menu.users', to: '/main/userManagement' },
  { key: 'menu.channels', to: '/main/channelManagement' },
  { key: 'menu.screen', to: '/main/screen' },
  { key: 'menu.devices', to: '/main/deviceManagement' },
  { key: 'menu.geofence', to: '/main/fenceManagement' },
  { key: 'menu.records', to: '/main/record' },
  { key: 'menu.patrol', to: '/main/patrol' },
] as const;

// The landmark's name is an identifier (tests and assistive tech find the menu by it), so it
// stays the same in every language.
export const MAIN_MENU_LABEL = 'Main menu';
