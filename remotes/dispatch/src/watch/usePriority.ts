import { useMemo } from 'react';
import { chatId } from '@ptt/contracts';
import type { WatchedChannel } from '@ptt/contracts';
import { useAppSelector, useConsole } from '../core';
import { channelPriorities } from './priority';
import type { ChannelPriority } from './priority';
import { useSosChannelsQuery } from './priorityApi';

const NONE: number[] = [];

/**
 * Each watched channel's priority state now: marked priority or with an open SOS of a member,
 * active while its floor is held, and which channels are ducked for it. The open SOS are the ones
 * the console already alerts on (the live slice; empty for a user who may not handle SOS).
 */
export function usePriority(channels: readonly WatchedChannel[]): Map<number, ChannelPriority> {
  const { session } = useConsole();
  const floors = useAppSelector((s) => s.ptt.floors);
  const sosUids = useAppSelector((s) => s.live.sos.map((e) => e.uid).sort((a, b) => a - b).join(','));
  const channelIds = channels.map((c) => c.channelId).sort((a, b) => a - b);
  const skip = sosUids === '' || channelIds.length === 0;
  const { data } = useSosChannelsQuery({ channelIds, uids: skip ? NONE : sosUids.split(',').map(Number) }, { skip });
  const entId = session?.ent.id ?? null;
  const sosChannels = skip ? NONE : (data ?? NONE);
  return useMemo(
    () => channelPriorities({ channels, sosChannels: new Set(sosChannels), held: (id) => entId !== null && floors[chatId(entId, id)] !== undefined }),
    [channels, sosChannels, entId, floors],
  );
}
