import type { ReactNode } from 'react';

/**
 * Spec section 2's user menu, in its order; nickname, settings and the screens outside the header
 * menu follow. Logout comes last, set apart (issue 15: in the middle it was hard to find and easy
 * to hit by mistake).
 */
export const USER_MENU_ORDER = [
  'loginRecord',
  'operationRecord',
  'changePassword',
  'microphone',
  'language',
  'sosRecord',
  'changeAvatar',
  'changeNickname',
  'settings',
  'notices',
  'update',
  'diagnostics',
  'sosManagement',
  'logout',
] as const;
export type UserMenuId = (typeof USER_MENU_ORDER)[number];

export interface UserMenuEntry {
  id: UserMenuId;
  label: string;
  onSelect: () => void;
}

/**
 * A feature's contribution to the user menu: its entries and the dialogs they open. The dialogs
 * render beside the menu (not inside its popover), so they stay open after the menu closes.
 */
export interface UserMenuPart {
  entries: UserMenuEntry[];
  dialogs: ReactNode;
}
