import { useEffect, useMemo, useRef } from 'react';
import { Button, Caption1, Dropdown, Option, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PERSONAL_KIND, WATCHED_CHANNELS_KIND, WATCH_DEFAULT_VOLUME, WATCHED_CHANNELS_MAX, chatId as channelChatId } from '@ptt/contracts';
import type { WatchedChannel } from '@ptt/contracts';
import type { RoomConnection } from '@ptt/media';
import { NS, selectChannel, useAppDispatch, useAppSelector, useConsole } from '../core';
import type { CreateMediaClient } from '../ptt';
import { useGetWatchedChannelsQuery, useSaveWatchedChannelsMutation, watchApi } from './api';
import { PatchBar } from './PatchBar';
import { usePatchAndAllCall } from './usePatchAndAllCall';
import { usePriority } from './usePriority';
import { refusalKey } from './refusal';
import { useWatchedRooms } from './useWatchedRooms';
import { WatchTile } from './WatchTile';

/** A volume slider saves once it has rested this long (the sound follows at once). */
export const VOLUME_SAVE_DELAY_MS = 400;

const useStyles = makeStyles({
  area: { display: 'grid', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  tiles: { display: 'grid', gap: tokens.spacingVerticalS, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' },
  add: { minWidth: '200px', justifySelf: 'start' },
});

const NO_CHANNELS: WatchedChannel[] = [];

export interface WatchPanelProps {
  /** The selected channel's room, which the PTT panel joined (its tile's level comes from it). */
  selectedRoom: RoomConnection | null;
  createClient?: CreateMediaClient;
}

/**
 * The watched channels (issue 19): one tile per channel in the caller's saved order, each heard at
 * its own volume, mute and side at the same time; transmit goes to the selected one only.
 */
export function WatchPanel({ selectedRoom, createClient }: WatchPanelProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { bus, session } = useConsole();
  const query = useGetWatchedChannelsQuery(undefined, { skip: session === null });
  const [save] = useSaveWatchedChannelsMutation();
  const channels = query.data?.channels ?? NO_CHANNELS;
  const selectedChannelId = useAppSelector((s) => s.console.selectedChannelId);
  const priorities = usePriority(channels);
  const listened = useMemo(() => channels.map((c) => ({ ...c, duck: priorities.get(c.channelId)?.ducked })), [channels, priorities]);
  const rooms = useWatchedRooms({ channels: listened, selectedChannelId, createClient });
  const floors = useAppSelector((s) => s.ptt.floors);
  const entries = useAppSelector((s) => s.chatList.items);

  // The caller's channels by id (the chat list holds them), for names and the add picker.
  const names = useMemo(() => {
    const out = new Map<number, string>();
    for (const e of Object.values(entries)) if (e.kind === 'group' && e.channelId !== null) out.set(e.channelId, e.title);
    return out;
  }, [entries]);
  const patching = usePatchAndAllCall({ channels, names, selectedChannelId, rooms, selectedRoom, createClient });
  const addable = [...names].filter(([id]) => !channels.some((c) => c.channelId === id)).sort((a, b) => a[1].localeCompare(b[1]));

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A slider let go just before the console closes is still saved.
  const flush = useRef<() => void>(() => undefined);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
      if (pending.current) flush.current();
      pending.current = null;
    },
    [],
  );

  // A save in another console of this user arrives on the user's socket (our own saves too, with
  // what the cache shows already). Not while a slider rests before its save: that would jump back.
  useEffect(() => {
    const sub = bus.on('ws/user').subscribe((event) => {
      if (event.kind !== PERSONAL_KIND || event.t !== WATCHED_CHANNELS_KIND || pending.current) return;
      void dispatch(watchApi.util.upsertQueryData('getWatchedChannels', undefined, event.data));
    });
    return () => sub.unsubscribe();
  }, [bus, dispatch]);

  const send = (list: WatchedChannel[]) => {
    save({ channels: list })
      .unwrap()
      .catch((e: unknown) => bus.publish('notify', { intent: 'error', key: refusalKey(e), id: 'watch-save' }));
  };
  /** Shows `list` at once; saves it now, or after the slider rests (`later`). */
  const change = (list: WatchedChannel[], later = false) => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    if (!later) return send(list);
    void dispatch(watchApi.util.upsertQueryData('getWatchedChannels', undefined, { channels: list }));
    flush.current = () => send(list);
    pending.current = setTimeout(() => {
      pending.current = null;
      send(list);
    }, VOLUME_SAVE_DELAY_MS);
  };
  const replace = (next: WatchedChannel) => {
    const prev = channels.find((c) => c.channelId === next.channelId);
    change(
      channels.map((c) => (c.channelId === next.channelId ? next : c)),
      prev !== undefined && prev.volume !== next.volume && prev.muted === next.muted && prev.pan === next.pan,
    );
  };
  const add = (channelId: number) => change([...channels, { channelId, volume: WATCH_DEFAULT_VOLUME, muted: false, pan: 'centre', priority: false }]);
  const remove = (channelId: number) => change(channels.filter((c) => c.channelId !== channelId));

  return (
    <section className={styles.area} aria-labelledby="dispatch-watch-title" data-testid="watch-panel">
      <Subtitle2 as="h2" block id="dispatch-watch-title" className={styles.heading}>
        {t('watch.title')}
      </Subtitle2>
      <Caption1>{t('watch.intro')}</Caption1>
      {query.isLoading && <Spinner size="tiny" label={t('watch.title')} />}
      {query.isError && (
        <Caption1 role="alert">
          {t('watch.failed')}{' '}
          <Button size="small" appearance="transparent" onClick={() => void query.refetch()}>
            {t('watch.retry')}
          </Button>
        </Caption1>
      )}
      {query.isSuccess && channels.length === 0 && <Caption1>{t('watch.empty')}</Caption1>}
      {channels.length > 0 && patching.bar && <PatchBar {...patching.bar} />}
      {channels.length > 0 && (
        <div className={styles.tiles}>
          {channels.map((c) => {
            const name = names.get(c.channelId) ?? String(c.channelId);
            const selected = c.channelId === selectedChannelId;
            const floor = session ? floors[channelChatId(session.ent.id, c.channelId)] : undefined;
            return (
              <WatchTile
                key={c.channelId}
                channel={c}
                name={name}
                selected={selected}
                room={selected ? selectedRoom : (rooms.get(c.channelId) ?? null)}
                holder={floor?.holder ?? null}
                since={floor?.since ?? null}
                onChange={replace}
                onTransmit={() => dispatch(selectChannel(c.channelId))}
                onRemove={() => remove(c.channelId)}
                priority={priorities.get(c.channelId)}
                {...patching.tile(c.channelId)}
              />
            );
          })}
        </div>
      )}
      {query.isSuccess && channels.length < WATCHED_CHANNELS_MAX && (
        <Dropdown
          className={styles.add}
          aria-label={t('watch.add')}
          placeholder={addable.length > 0 ? t('watch.add') : t('watch.addNone')}
          disabled={addable.length === 0}
          value=""
          selectedOptions={[]}
          onOptionSelect={(_, d) => d.optionValue && add(Number(d.optionValue))}
        >
          {addable.map(([id, name]) => (
            <Option key={id} value={String(id)}>
              {name}
            </Option>
          ))}
        </Dropdown>
      )}
    </section>
  );
}
