import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CONSOLE_ACTIONS, CONSOLE_CHANNEL, can, consoleAnswerSchema, consoleRequestSchema, personalChatId } from '@ptt/contracts';
import type { ConsoleAction, ConsoleAnswer } from '@ptt/contracts';
import type { DispatchState } from '../core';
import { focusMember, knownNickname, openChat, openSos, requestCall, useAppDispatch, useAppSelector, useAppStore, useConsole } from '../core';
import { fetchNickname } from './api';

// The SOS page hands calls, chats and SOS to the dispatch console (ADR 025, contracts'
// console-link.ts): over a BroadcastChannel to a console already open, or in the URL of the one it
// opens (`/main/dispatch?call=12`).

/** What a console was asked to do. */
export interface LinkAction {
  action: ConsoleAction;
  /** The member to call or chat with, or whose SOS it is (0 when only the SOS is known). */
  uid: number;
  sosId?: number;
}

/**
 * How long a console waits before taking a request, so that when several are open one acts: the
 * one whose window has the focus at once, a visible one a moment later, a hidden tab last (still
 * well within the SOS page's 500 ms). A console that hears another's answer first stands back. Two
 * consoles of the same rank (both visible, neither focused) may both act: the SOS page opened them,
 * it names its window `ptt-console`, so that takes more than one console the user opened by hand.
 */
export function claimDelayMs(): number {
  if (document.hasFocus()) return 0;
  return document.visibilityState === 'visible' ? 40 : 150;
}

/** How many answered request ids a console remembers (enough for any burst of requests). */
const REMEMBERED = 100;

const settled = (s: DispatchState['chatList']['status']) => s === 'ready' || s === 'failed';

/** The action in the URL the SOS page opened the console with, if any. */
export function actionFromQuery(params: URLSearchParams): LinkAction | null {
  for (const action of CONSOLE_ACTIONS) {
    const raw = params.get(action);
    if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) continue;
    const id = Number(raw);
    return action === 'sos' ? { action, uid: 0, sosId: id } : { action, uid: id };
  }
  return null;
}

/**
 * Headless, while the console is mounted: takes the SOS page's requests (BroadcastChannel) and the
 * action in the URL, and does them once the console has loaded what they need (the session, the
 * chat list and, for staff, the devices, which name the member a chat opens with).
 */
export function ConsoleLink(): null {
  const { api, session } = useConsole();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const location = useLocation();
  const navigate = useNavigate();
  const staff = session !== null && can(session.role, 'device.read');
  const ready = useAppSelector((s) => session !== null && settled(s.chatList.status) && (!staff || settled(s.devices.status)));
  const queue = useRef<LinkAction[]>([]);
  const [queued, setQueued] = useState(0);
  const enqueue = (a: LinkAction) => {
    queue.current.push(a);
    setQueued((n) => n + 1);
  };
  const enqueueRef = useRef(enqueue);
  enqueueRef.current = enqueue;

  // The URL's action, once; the parameter leaves the URL at once, so a reload does not repeat it.
  const readUrl = useRef(false);
  useEffect(() => {
    if (readUrl.current) return;
    readUrl.current = true;
    const params = new URLSearchParams(location.search);
    const found = actionFromQuery(params);
    if (!found) return;
    enqueueRef.current(found);
    for (const key of CONSOLE_ACTIONS) params.delete(key);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [location, navigate]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CONSOLE_CHANNEL);
    const answered = new Set<string>();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const remember = (requestId: string) => {
      answered.add(requestId);
      if (answered.size > REMEMBERED) answered.delete(answered.values().next().value!);
    };
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const answer = consoleAnswerSchema.safeParse(event.data);
      if (answer.success) {
        remember(answer.data.requestId);
        return;
      }
      const request = consoleRequestSchema.safeParse(event.data);
      if (!request.success || answered.has(request.data.requestId)) return;
      const { requestId, action, uid, sosId } = request.data;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (answered.has(requestId)) return;
        remember(requestId);
        channel.postMessage({ type: 'console/taken', requestId } satisfies ConsoleAnswer);
        enqueueRef.current({ action, uid, sosId });
        // Bring the console forward where the browser lets a page do so.
        window.focus();
      }, claimDelayMs());
      timers.add(timer);
    };
    return () => {
      channel.close();
      for (const t of timers) clearTimeout(t);
    };
  }, []);

  // Name lookups still under way when the console goes away open nothing.
  const lifetime = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const signal = lifetime.current?.signal;
    if (!ready || session === null || !signal || queue.current.length === 0) return;
    for (const { action, uid, sosId } of queue.current.splice(0)) {
      if (action === 'call') dispatch(requestCall(uid));
      else if (action === 'sos') dispatch(sosId !== undefined ? openSos(sosId) : focusMember(uid));
      else {
        const open = (title: string) => dispatch(openChat({ chatId: personalChatId(session.ent.id, session.id, uid), kind: 'personal', title, channelId: null, peerId: uid }));
        const known = knownNickname(store.getState(), uid);
        if (known !== null || !staff) open(known ?? String(uid));
        else
          fetchNickname(api, uid, signal)
            .then((name) => !signal.aborted && open(name))
            .catch(() => !signal.aborted && open(String(uid)));
      }
    }
  }, [api, dispatch, queued, ready, session, staff, store]);

  return null;
}
