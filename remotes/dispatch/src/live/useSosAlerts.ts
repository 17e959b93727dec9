import { useEffect, useMemo, useRef } from 'react';
import { SOS_MSG_KIND, can } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import type { PositionPoint } from '@ptt/map';
import { focusMember, useAppDispatch, useAppSelector } from '../core';
import { fetchOpenSos } from './api';
import { Siren } from './siren';
import { alarmWanted, sosClosed, sosEntryFromMsg, sosEntryFromRecord, sosLoaded, sosRaised } from './slice';

/**
 * SOS for staff who may handle them: the open ones on load (listed, silent), then each raise on
 * `ws/ent` (SosMsg) opens the alert, sounds the alarm and focuses the member; a closing frame
 * removes it. Returns the alarm, whose state the dialog shows.
 */
export function useSosAlerts(api: ApiClient, bus: EventBus, session: Session | null | undefined, addPoint: (p: PositionPoint) => void): Siren {
  const dispatch = useAppDispatch();
  const siren = useMemo(() => new Siren(), []);
  const wanted = useAppSelector((s) => alarmWanted(s.live));
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
      dispatch(sosRaised(sosEntryFromMsg(m)));
      dispatch(focusMember(m.uid));
    });
    return () => {
      abort.abort();
      socketSub.unsubscribe();
      entSub.unsubscribe();
    };
  }, [api, bus, dispatch, handles]);

  useEffect(() => {
    if (wanted) siren.start();
    else siren.stop();
  }, [siren, wanted]);

  // Browsers let a page start sound only after the user interacted with it: make the audio
  // context on the first click or key, so an alarm that comes later can sound.
  useEffect(() => {
    if (!handles) return;
    const unlock = () => siren.unlock();
    document.addEventListener('pointerdown', unlock, true);
    document.addEventListener('keydown', unlock, true);
    return () => {
      document.removeEventListener('pointerdown', unlock, true);
      document.removeEventListener('keydown', unlock, true);
    };
  }, [handles, siren]);

  useEffect(() => () => siren.dispose(), [siren]);

  return siren;
}
