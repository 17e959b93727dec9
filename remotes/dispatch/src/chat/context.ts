import { createContext, useContext } from 'react';
import type { Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';

/** What the rows and the composer of one chat panel share. */
export interface ChatServices {
  api: ApiClient;
  bus: EventBus;
  /** The session's file link and key, which sign file URLs (ADR 012; never the token in a URL). */
  files: Pick<Session, 'file_link' | 'file_key'>;
  /** The signed-in user. */
  me: { uid: number; nickname: string; staff: boolean };
}

export const ChatServicesContext = createContext<ChatServices | null>(null);

export function useChatServices(): ChatServices {
  const services = useContext(ChatServicesContext);
  if (!services) throw new Error('chat components need a ChatPanel around them');
  return services;
}
