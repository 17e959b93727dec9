import type { ChannelOutputSettings } from '@ptt/media';
import { useAppSelector, useConsole } from '../core';
import { outputOf, useGetWatchedChannelsQuery } from './api';

/**
 * The selected channel's volume, mute and pan when it is watched (the PTT panel's room plays it so);
 * undefined when it is not watched, and the room plays as before (ADR 022's plain path).
 */
export function useSelectedOutput(): ChannelOutputSettings | undefined {
  const { session } = useConsole();
  const { data } = useGetWatchedChannelsQuery(undefined, { skip: session === null });
  const selected = useAppSelector((s) => s.console.selectedChannelId);
  const c = data?.channels.find((x) => x.channelId === selected);
  return c ? outputOf(c) : undefined;
}
