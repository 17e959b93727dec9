import { useEffect, useRef } from 'react';
import type { Session } from '@ptt/contracts';
import { setEmbedder } from './embedder';
import { embedSessionWith, startEmbedHandoff, type EmbedHandoff } from './embedHandoff';

type Exchange = (token: string, origin: string) => Promise<Session>;

/**
 * While `embedded`, takes sessions handed over by the embedding site. When the session goes
 * (expired, signed in elsewhere) the site is told `ready` again, so it can hand a fresh token.
 */
export function useEmbedHandoff(embedded: boolean, loggedIn: boolean, save: (session: Session) => void, exchange: Exchange = embedSessionWith()): void {
  const handoff = useRef<EmbedHandoff | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;
  const exchangeRef = useRef(exchange);
  exchangeRef.current = exchange;

  useEffect(() => {
    if (!embedded) return;
    const h = startEmbedHandoff({
      self: window,
      parent: window.parent,
      exchange: (token, origin) => exchangeRef.current(token, origin),
      onSession: (session) => saveRef.current(session),
    });
    handoff.current = h;
    return () => {
      h.stop();
      handoff.current = null;
    };
  }, [embedded]);

  const had = useRef(false);
  useEffect(() => {
    if (!embedded) return;
    if (loggedIn) had.current = true;
    else if (had.current) {
      had.current = false;
      setEmbedder(null);
      handoff.current?.announce();
    }
  }, [embedded, loggedIn]);
}
