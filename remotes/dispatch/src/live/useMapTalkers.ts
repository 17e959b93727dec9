import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '@ptt/contracts';
import type { PttMap } from '@ptt/map';
import { NS, useAppSelector } from '../core';
import { watchApi } from '../watch';
import { TalkerMarkers } from './talkerMarkers';
import { mapTalkers } from './talkers';
import type { MapTalker } from './talkers';
import type { LiveRoster } from './useLiveRoster';

const NO_WATCHED: readonly number[] = [];

/**
 * Issue 19: whoever holds the floor of a watched channel or of the selected one is drawn talking
 * on the map (a halo and 'Talking in <channel> · 12 s') until the floor is released. The floors
 * come from the PTT slice (ConsoleSync keeps them), the watched list from its query's cache.
 */
export function useMapTalkers(map: PttMap | null, live: LiveRoster, session: Session | null | undefined, onSelect: (uid: number) => void): void {
  const { t } = useTranslation(NS);
  const floors = useAppSelector((s) => s.ptt.floors);
  const selected = useAppSelector((s) => s.console.selectedChannelId);
  const entries = useAppSelector((s) => s.chatList.items);
  const watchedQuery = watchApi.endpoints.getWatchedChannels.useQuery(undefined, { skip: !session });
  const watchedList = watchedQuery.data?.channels;
  const watched = useMemo(() => watchedList?.map((c) => c.channelId) ?? NO_WATCHED, [watchedList]);
  const names = useMemo(() => {
    const out = new Map<number, string>();
    for (const e of Object.values(entries)) if (e.kind === 'group' && e.channelId !== null) out.set(e.channelId, e.title);
    return out;
  }, [entries]);
  const entId = session?.ent.id ?? null;
  const talkers = useMemo(
    () => (entId === null ? [] : mapTalkers({ floors, entId, watched, selected, names })),
    [entId, floors, names, selected, watched],
  );

  // The markers read the newest label and selection through refs: a language change or a new
  // callback does not rebuild them.
  const label = useRef<(talker: MapTalker, seconds: number) => string>(() => '');
  label.current = (talker, seconds) => t('live.talker.label', { channels: talker.channels.join(t('live.talker.separator')), seconds });
  const select = useRef(onSelect);
  select.current = onSelect;
  const { roster, onPoints } = live;
  const markers = useRef<TalkerMarkers | null>(null);
  useEffect(() => {
    if (!map) return;
    const created = new TalkerMarkers(map, {
      positionOf: (uid) => roster.position(uid),
      memberOf: (uid) => roster.member(uid),
      label: (talker, seconds) => label.current(talker, seconds),
      onSelect: (uid) => select.current(uid),
    });
    markers.current = created;
    const off = onPoints((points) => created.move(points));
    return () => {
      off();
      created.remove();
      markers.current = null;
    };
  }, [map, onPoints, roster]);
  // After the effect above (declaration order), so a new map gets the talkers at once.
  useEffect(() => markers.current?.set(talkers), [map, talkers]);
}
