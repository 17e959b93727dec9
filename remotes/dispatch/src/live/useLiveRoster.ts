import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Session } from '@ptt/contracts';
import { can } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { DEFAULT_STALE_AFTER_MS, MemberLayer, fetchTrack } from '@ptt/map';
import type { PositionPoint, PttMap } from '@ptt/map';
import { fetchLatest } from './api';
import { Roster } from './roster';

/** A position older than this is drawn as stale (the device stopped reporting); the legend says 5 minutes. */
export const STALE_AFTER_MS = DEFAULT_STALE_AFTER_MS;
/** Positions of users the roster cannot name yet trigger a reload of the list, at most this often. */
const UNKNOWN_RELOAD_MS = 5_000;

/** loading; ready (everyone's positions); self (a member: only their own); failed. */
export type RosterStatus = 'loading' | 'ready' | 'self' | 'failed';

export interface LiveRoster {
  roster: Roster;
  layer: MemberLayer | null;
  status: RosterStatus;
  /** Called with every batch of accepted points (the map follows the selected member with it). */
  onPoints: (listener: (points: PositionPoint[]) => void) => () => void;
  /** Adds a point known from elsewhere (an SOS) if it is the newest for its member. */
  addPoint: (point: PositionPoint) => void;
}

/**
 * The members and positions on the live map: loaded once, then kept current from `ws/dispatch`
 * (positions) and `ws/ent` (presence, names). Points go to the map layer, which draws them per
 * animation frame; React only hears about the load status.
 */
export function useLiveRoster(api: ApiClient, bus: EventBus, map: PttMap | null, session: Session | null | undefined, onSelect: (uid: number) => void): LiveRoster {
  const roster = useMemo(() => new Roster(), []);
  const [layer, setLayer] = useState<MemberLayer | null>(null);
  const layerRef = useRef<MemberLayer | null>(null);
  const [status, setStatus] = useState<RosterStatus>('loading');
  const listeners = useRef(new Set<(points: PositionPoint[]) => void>());
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const staff = session ? can(session.role, 'location.read') : false;
  const selfUid = session?.id ?? null;
  const selfName = session?.nickname || session?.account || '';

  const push = useCallback((points: PositionPoint[]) => {
    if (points.length === 0) return;
    layerRef.current?.pushPositions(points);
    for (const l of listeners.current) l(points);
  }, []);

  // Presence storms (a shift logging in) become one setMembers per frame.
  const membersFrame = useRef<number | null>(null);
  const refreshMembers = useCallback(() => {
    if (membersFrame.current !== null) return;
    membersFrame.current = requestAnimationFrame(() => {
      membersFrame.current = null;
      layerRef.current?.setMembers(roster.memberList());
    });
  }, [roster]);
  useEffect(() => () => {
    if (membersFrame.current !== null) cancelAnimationFrame(membersFrame.current);
  }, []);

  useEffect(() => {
    if (!map) return;
    const created = new MemberLayer({ staleAfterMs: STALE_AFTER_MS, onSelect: (uid) => selectRef.current(uid) }).addTo(map);
    created.setMembers(roster.memberList());
    const known = roster.positionList();
    if (known.length > 0) created.pushPositions(known);
    layerRef.current = created;
    setLayer(created);
    return () => {
      created.remove();
      layerRef.current = null;
      setLayer(null);
    };
  }, [map, roster]);

  const load = useCallback(
    async (signal: AbortSignal) => {
      if (staff) {
        const list = await fetchLatest(api, signal);
        push(roster.load(list));
        refreshMembers();
        return 'ready' as const;
      }
      // Members may not read others' positions: show their own last one.
      if (selfUid === null) return 'self' as const;
      // They are using this console, so they are online.
      roster.setMember({ uid: selfUid, name: selfName, status: 'online' });
      try {
        const track = await fetchTrack(api, selfUid, {}, signal);
        const last = track.points[track.points.length - 1];
        if (last && roster.accept({ uid: selfUid, lng: last.lng, lat: last.lat, time: Date.parse(last.time) })) push([roster.position(selfUid)!]);
      } catch (e) {
        if (!(isApiError(e) && e.i18nKey === 'rule.noTrack')) throw e;
      }
      refreshMembers();
      return 'self' as const;
    },
    [api, push, refreshMembers, roster, selfName, selfUid, staff],
  );

  useEffect(() => {
    if (selfUid === null) return;
    const abort = new AbortController();
    setStatus('loading');
    load(abort.signal)
      .then((s) => setStatus(s))
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        setStatus('failed');
        bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'client.infoLoadFailed', id: 'live-map-load' });
      });
    // Positions missed while the socket was down: reload when it opens again.
    let wasOpen = bus.current('socket/status')?.state === 'open';
    const socketSub = bus.on('socket/status').subscribe(({ state }) => {
      if (state === 'open' && !wasOpen && staff) void load(abort.signal).catch(() => undefined);
      wasOpen = state === 'open';
    });
    let lastReload = 0;
    const dispatchSub = bus.on('ws/dispatch').subscribe((event) => {
      const points = roster.positionsFrom(event);
      push(points);
      const now = Date.now();
      if (staff && points.some((p) => roster.isUnknown(p.uid)) && now - lastReload > UNKNOWN_RELOAD_MS) {
        lastReload = now;
        void load(abort.signal).catch(() => undefined);
      }
    });
    const entSub = bus.on('ws/ent').subscribe((event) => {
      if (roster.applyEnt(event)) refreshMembers();
    });
    return () => {
      abort.abort();
      socketSub.unsubscribe();
      dispatchSub.unsubscribe();
      entSub.unsubscribe();
    };
  }, [bus, load, push, refreshMembers, roster, selfUid, staff]);

  const onPoints = useCallback((listener: (points: PositionPoint[]) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const addPoint = useCallback((point: PositionPoint) => {
    if (roster.accept(point)) push([point]);
  }, [push, roster]);

  return { roster, layer, status, onPoints, addPoint };
}
