import type { WatchedChannel } from '@ptt/contracts';
import type { ChannelOutputSettings } from '@ptt/media';
import { useAppSelector, useConsole } from '../core';
import { outputOf, useGetWatchedChannelsQuery } from './api';
import { usePriority } from './usePriority';

const NO_CHANNELS: WatchedChannel[] = [];

/**
 * The selected channel's volume, mute and pan when it is watched (the PTT panel's room plays it so);
 * ducked while another watched channel has priority and talks; undefined when it is not watched,
 * and the room plays as before (ADR 022's plain path).
 */
export function useSelectedOutput(): ChannelOutputSettings | undefined {
  const { session } = useConsole();
  const { data } = useGetWatchedChannelsQuery(undefined, { skip: session === null });
  const selected = useAppSelector((s) => s.console.selectedChannelId);
  const priorities = usePriority(data?.channels ?? NO_CHANNELS);
  const c = data?.channels.find((x) => x.channelId === selected);
  return c ? outputOf({ ...c, duck: priorities.get(c.channelId)?.ducked }) : undefined;
}
