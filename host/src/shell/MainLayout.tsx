import { useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { KeepAlive } from '../app/KeepAlive';
import { GuardedOutlet, useCanOpen } from '../app/screenAccess';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { Header } from './Header';

export const DISPATCH_PATH = '/main/dispatch';

function isDispatch(pathname: string): boolean {
  return pathname === DISPATCH_PATH || pathname.startsWith(`${DISPATCH_PATH}/`);
}

/**
 * The dispatch console keeps its state when the user leaves it: it stays mounted (hidden) beside
 * the outlet, frozen at the last dispatch location while another /main page shows.
 */
function KeptDispatch() {
  const location = useLocation();
  const allowed = useCanOpen('dispatch');
  const active = allowed && isDispatch(location.pathname);
  const last = useRef<Location | null>(null);
  if (active) last.current = location;
  return (
    <KeepAlive active={active}>
      {last.current && (
        <Routes location={last.current}>
          <Route path="dispatch/*" element={<RemoteRoute name="dispatch" basePath={DISPATCH_PATH} />} />
        </Routes>
      )}
    </KeepAlive>
  );
}

export function MainLayout() {
  return (
    <div data-testid="host-shell">
      <Header />
      <main style={{ padding: 24 }}>
        <KeptDispatch />
        <GuardedOutlet />
      </main>
    </div>
  );
}
