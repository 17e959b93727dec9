import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Role, SCREENS, canOpenPath, canOpenScreen, homeScreenFor } from '@ptt/contracts';
import type { ScreenId } from '@ptt/contracts';
import { useNotify } from '../notify/useNotify';
import { useSession } from './session';

/** The session's role; without a readable session, the least one. */
export function useRole(): number {
  return useSession()?.role ?? Role.User;
}

export function useCanOpen(screen: ScreenId): boolean {
  return canOpenScreen(useRole(), screen);
}

/** Says 'Insufficient permissions' once and replaces the refused entry with the role's home screen. */
function Refused({ home }: { home: string }) {
  const navigate = useNavigate();
  const { notify } = useNotify();
  useEffect(() => {
    // The id keeps a double effect (StrictMode) or a quick second refusal to one notification.
    notify({ intent: 'error', key: 'rule.insufficientPermissions', id: 'insufficient-permissions' });
    void navigate(home, { replace: true });
  }, [home, navigate, notify]);
  return null;
}

/**
 * The route's content when the role may open it (docs/permissions.md, "Screens by role"), else
 * nothing and a redirect. Applies to every navigation: typed URL, link and back button alike.
 */
export function GuardedOutlet() {
  const { pathname } = useLocation();
  const role = useRole();
  if (canOpenPath(role, pathname)) return <Outlet />;
  return <Refused home={SCREENS[homeScreenFor(role)].path} />;
}
