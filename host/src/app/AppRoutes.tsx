import { Navigate, Route, Routes } from 'react-router-dom';
import { NoticesPage } from '../notices/NoticesPage';
import { LoginPage } from '../pages/LoginPage';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { DiagnosticsPage } from '../diagnostics/DiagnosticsPage';
import { MainLayout } from '../shell/MainLayout';
import { RequireAuth } from './RequireAuth';
import { HOME_PATH, LOGIN_PATH } from './session';

/** Spec section 2, route for route. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={LOGIN_PATH} replace />} />
      <Route path={LOGIN_PATH} element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        {/* Rendered by RequireAuth's keeper so it keeps its state when left. */}
        <Route path="/update" element={null} />
        <Route path="/sosManagement/*" element={<RemoteRoute name="sos" basePath="/sosManagement" />} />
        <Route path="/main" element={<MainLayout />}>
          <Route index element={<Navigate to="dispatch" replace />} />
          {/* Rendered by MainLayout's keeper so it keeps its state when left. */}
          <Route path="dispatch/*" element={null} />
          <Route path="userManagement/*" element={<RemoteRoute name="management" basePath="/main/userManagement" />} />
          <Route path="channelManagement/*" element={<RemoteRoute name="management" basePath="/main/channelManagement" />} />
          <Route path="deviceManagement/*" element={<RemoteRoute name="management" basePath="/main/deviceManagement" />} />
          <Route path="screen/*" element={<RemoteRoute name="screen" basePath="/main/screen" />} />
          <Route path="fenceManagement/*" element={<RemoteRoute name="fences" basePath="/main/fenceManagement" />} />
          <Route path="record/*" element={<RemoteRoute name="records" basePath="/main/record" />} />
          <Route path="patrol/*" element={<RemoteRoute name="patrol" basePath="/main/patrol" />} />
          <Route path="newPage" element={<NoticesPage />} />
          <Route path="test" element={<DiagnosticsPage />} />
          <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
        </Route>
        {/* Unknown paths: the guard sends a visitor without a token to /login first. */}
        <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
      </Route>
    </Routes>
  );
}
