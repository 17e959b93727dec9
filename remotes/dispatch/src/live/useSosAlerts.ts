import { useEffect, useMemo, useRef } from 'react';
import { SOS_MSG_KIND, can } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import type { PositionPoint } from '@ptt/map';
import { Siren } from '@ptt/media';
import { NS, focusMember, useAppDispatch, useAppSelector, useAppStore } from '../core';
import { fetchOpenSos, fetchSos } from './api';
import { formatDateTime } from './format';
import { alarmWanted, sirenLevel, sosClosed, sosEntryFromMsg, sosEntryFromRecord, sosLoaded, sosOpened, sosRaised, sosShow, sosUpdated } from './slice';

/**
 * SOS for staff who may handle them: the open ones on load (listed, silent), then each raise on
 * `ws/ent` (SosMsg) opens the alert, sounds the alarm and focuses the member; an escalation does
 * the same at the alarm's second level; an acknowledgement (anyone's) stops its alarm and keeps it
 * listed; a closing frame removes it. Also answers `openSos` (a chat card, the SOS page). Returns
 * the alarm, whose state the dialog shows.
 */
export function useSosAlerts(api: ApiClient, bus: EventBus, session: Session | null | undefined, addPoint: (p: PositionPoint) => void): Siren {
  const dispatch = useAppDispatch();
  const siren = useMemo(() => new Siren(), []);
  const store = useAppStore();
  const wanted = useAppSelector((s) => alarmWanted(s.live));
  const level = useAppSelector((s) => sirenLevel(s.live));
  const request = useAppSelector((s) => s.console.sosRequest);
  // A request made before this console mounted is not answered again.
  const handled = useRef(store.getState().console.sosRequest?.seq ?? 0);
  const handles = session ? can(session.role, 'sos.handle') : false;
  const addPointRef = useRef(addPoint);
  addPointRef.current = addPoint;

  useEffect(() => {
    if (!handles) return;
    const abort = new AbortController();
    // A close heard while the list loads must not bring that SOS back.
    const closedMeanwhile = new Set<number>();
    const load = () =>
      fetchOpenSos(api, abort.signal)
        .then((records) => {
          const entries = records.filter((r) => !closedMeanwhile.has(r.id)).map(sosEntryFromRecord);
          dispatch(sosLoaded(entries));
          for (const e of entries) {
            if (e.lng !== null && e.lat !== null) addPointRef.current({ uid: e.uid, lng: e.lng, lat: e.lat, time: Date.parse(e.startedAt) });
          }
        })
        .catch((e: unknown) => {
          if (abort.signal.aborted) return;
          bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'client.infoLoadFailed', id: 'live-sos-load' });
        });
    void load();
    // Raises and closes missed while the socket was down: read the open ones again.
    let wasOpen = bus.current('socket/status')?.state === 'open';
    const socketSub = bus.on('socket/status').subscribe(({ state }) => {
      if (state === 'open' && !wasOpen) void load();
      wasOpen = state === 'open';
    });
    const entSub = bus.on('ws/ent').subscribe((event) => {
      if (event.kind !== SOS_MSG_KIND) return;
      const m = event.data;
      if (m.state === 'closed') {
        closedMeanwhile.add(m.sosId);
        dispatch(sosClosed(m.sosId));
        return;
      }
      if (m.lng !== null && m.lat !== null) addPointRef.current({ uid: m.uid, lng: m.lng, lat: m.lat, time: Date.parse(m.startedAt) });
      // Acknowledged (now or before this move): someone has it, nothing to sound or focus.
      if (m.ackedAt !== null) {
        dispatch(sosUpdated(sosEntryFromMsg(m)));
        return;
      }
      dispatch(sosRaised(sosEntryFromMsg(m)));
      dispatch(focusMember(m.uid));
    });
    return () => {
      abort.abort();
      socketSub.unsubscribe();
      entSub.unsubscribe();
    };
  }, [api, bus, dispatch, handles]);

  // Show an SOS asked for elsewhere: from the list, else as the server has it now.
  useEffect(() => {
    if (!handles || !request || request.seq <= handled.current) return;
    handled.current = request.seq;
    const { sosId } = request;
    if (store.getState().live.sos.some((s) => s.sosId === sosId)) {
      dispatch(sosShow(sosId));
      return;
    }
    fetchSos(api, sosId)
      .then((record) => {
        if (record.state === 'open') {
          dispatch(sosOpened(sosEntryFromRecord(record)));
          dispatch(focusMember(record.user.uid));
          return;
        }
        const time = record.closedAt === null ? '' : formatDateTime(record.closedAt);
        const by = record.dispatcher?.nickname;
        bus.publish('notify', {
          intent: 'info',
          key: by ? `${NS}:live.sos.wasClosedBy` : `${NS}:live.sos.wasClosed`,
          values: by ? { time, name: by } : { time },
          id: `live-sos-closed-${sosId}`,
        });
      })
      .catch((e: unknown) => bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'client.infoLoadFailed' }));
  }, [api, bus, dispatch, handles, request, store]);

  // The level first, so an alarm that starts now starts at it.
  useEffect(() => siren.setLevel(level), [siren, level]);
  useEffect(() => {
    if (wanted) siren.start();
    else siren.stop();
  }, [siren, wanted]);

  // Browsers let a page start sound only after the user interacted with it: make the audio
  // context on the first click or key, so an alarm that comes later can sound.
  useEffect(() => (handles ? siren.unlockOnGesture() : undefined), [handles, siren]);

  useEffect(() => () => siren.dispose(), [siren]);

  return siren;
}
