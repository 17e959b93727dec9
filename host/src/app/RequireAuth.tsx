import { Navigate, Outlet } from 'react-router-dom';
import { LOGIN_ALERT_KEYS, LoginAlert } from '@ptt/contracts';
import { LOGIN_PATH, useToken } from './session';
import type { LoginNotice } from './session';
import { UpdateKeeper } from '../pages/UpdatePage';

/** Spec 4: without a stored token every route but /login says 'Please login first.' and goes there. */
export function RequireAuth() {
  const token = useToken();
  if (!token) {
    const state: LoginNotice = { noticeKey: LOGIN_ALERT_KEYS[LoginAlert.LoginFirst] };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return (
    <>
      <Outlet />
      <UpdateKeeper />
    </>
  );
}
