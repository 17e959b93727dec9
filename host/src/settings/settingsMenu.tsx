import type { UserMenuPart } from '../shell/userMenuTypes';

/** Settings entries of the user menu (microphone, language, settings) and the settings dialog. */
export function useSettingsMenu(): UserMenuPart {
  return { entries: [], dialogs: null };
}
