import type { WatchedChannel } from '@ptt/contracts';

/** How a watched channel stands for priority (issue 19): the tile shows it, the rooms follow it. */
export interface ChannelPriority {
  /** A member of the channel has an open SOS: priority without the dispatcher marking it. */
  sos: boolean;
  /** Priority (marked or SOS) and someone holds its floor now. */
  active: boolean;
  /** Another watched channel is priority-active and this one is not: it plays quieter. */
  ducked: boolean;
}

export interface PriorityInput {
  channels: readonly WatchedChannel[];
  /** Whether someone holds the channel's floor now. */
  held: (channelId: number) => boolean;
  /** Watched channels with a member whose SOS is open. */
  sosChannels: ReadonlySet<number>;
}

/**
 * Each watched channel's priority state. Two priority channels talking at once are both heard in
 * full (neither ducks the other): ducking is for the channels that are not priority right now.
 */
export function channelPriorities({ channels, held, sosChannels }: PriorityInput): Map<number, ChannelPriority> {
  const active = new Set(channels.filter((c) => (c.priority || sosChannels.has(c.channelId)) && held(c.channelId)).map((c) => c.channelId));
  return new Map(
    channels.map((c) => [
      c.channelId,
      { sos: sosChannels.has(c.channelId), active: active.has(c.channelId), ducked: active.size > 0 && !active.has(c.channelId) },
    ]),
  );
}
