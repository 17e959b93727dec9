import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { can } from '@ptt/contracts';
import type { Action, Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { useBusState } from '@ptt/ui';

/** How the page checks for a new build of itself (display mode); tests hand in their own. */
export interface SelfUpdateOptions {
  /** The page's own index.html. */
  url: string;
  /** How often to look (5 minutes by default). */
  periodMs?: number;
  fetchImpl?: (url: string, init: RequestInit) => Promise<Response>;
  reload?: () => void;
}

export interface ScreenServices {
  api: ApiClient;
  bus: EventBus;
  session: Session | null;
  /** Opened on its own page (a wall display, or a console user on that page), not in the shell. */
  standalone: boolean;
  selfUpdate: SelfUpdateOptions | null;
}

export interface ScreenProviderProps {
  api: ApiClient;
  bus: EventBus;
  standalone?: boolean;
  selfUpdate?: SelfUpdateOptions | null;
  children: ReactNode;
}

const ScreenContext = createContext<ScreenServices | null>(null);

/** The client, bus and session of the screen (no module singletons). */
export function ScreenProvider({ api, bus, standalone = false, selfUpdate = null, children }: ScreenProviderProps) {
  const session = useBusState(bus, 'session') ?? null;
  const value = useMemo(() => ({ api, bus, session, standalone, selfUpdate }), [api, bus, session, standalone, selfUpdate]);
  return <ScreenContext.Provider value={value}>{children}</ScreenContext.Provider>;
}

export function useScreen(): ScreenServices {
  const value = useContext(ScreenContext);
  if (!value) throw new Error('useScreen outside ScreenProvider');
  return value;
}

/** Whether the signed-in role may do `action` (a display's role 0 may nothing; the server refuses the rest anyway). */
export function useCan(action: Action): boolean {
  const { session } = useScreen();
  return session !== null && can(session.role, action);
}
