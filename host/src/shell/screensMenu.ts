import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SCREENS, canOpenScreen } from '@ptt/contracts';
import { useSession } from '../app/session';
import type { UserMenuEntry, UserMenuPart } from './userMenuTypes';

// Spec section 2's routes that have no header menu title; without these entries they could only be
// reached by typing the URL. Each shows only to roles its screen rule lets in.
const SCREEN_ENTRIES = [
  { id: 'notices', screen: 'newPage' },
  { id: 'update', screen: 'update' },
  { id: 'diagnostics', screen: 'test' },
  { id: 'sosManagement', screen: 'sosManagement' },
] as const;

export function useScreensMenu(): UserMenuPart {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const role = useSession()?.role;
  const entries: UserMenuEntry[] = SCREEN_ENTRIES.filter(({ screen }) => role !== undefined && canOpenScreen(role, screen)).map(
    ({ id, screen }) => ({ id, label: t(`userMenu.${id}`), onSelect: () => void navigate(SCREENS[screen].path) }),
  );
  return { entries, dialogs: null };
}
