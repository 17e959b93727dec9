import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LOGIN_ALERT_KEYS, LoginAlert } from '@ptt/contracts';
import { LOGIN_PATH, useToken } from './session';
import type { LoginNotice } from './session';
import { GuardedOutlet, useCanOpen } from './screenAccess';
import { UpdateKeeper } from '../pages/UpdatePage';

function inShell(pathname: string): boolean {
  return pathname === '/main' || pathname.startsWith('/main/');
}

/** Spec 4: without a stored token every route but /login says 'Please login first.' and goes there. */
export function RequireAuth() {
  const token = useToken();
  const { pathname } = useLocation();
  const mayUpdate = useCanOpen('update');
  if (!token) {
    const state: LoginNotice = { noticeKey: LOGIN_ALERT_KEYS[LoginAlert.LoginFirst] };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return (
    <>
      {/* The shell guards its own outlet, so a refused page never unmounts the kept dispatch console. */}
      {inShell(pathname) ? <Outlet /> : <GuardedOutlet />}
      {mayUpdate && <UpdateKeeper />}
    </>
  );
}
