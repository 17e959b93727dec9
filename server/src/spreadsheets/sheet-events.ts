import { topics } from '@ptt/contracts';
import type { DomainEvents } from '../events/domain-events';
import type { Caller } from '../http/caller';
import type { Hub } from '../ws/hub';
import { publishMembership } from '../ws/membership';
import type { LiveChannel } from './sheet.repository';

/** Who joined which channel during one import: ChannelUserAdd frames, one per channel, and a
 *  ChannelChange `members` for every console's member counts. */
export class JoinedChannels {
  private readonly byChannel = new Map<number, number[]>();
  private readonly channels = new Map<number, LiveChannel>();

  /** The channels the import read: their names and states go into the ChannelChange frames. */
  know(channels: readonly LiveChannel[]): void {
    for (const c of channels) this.channels.set(c.id, c);
  }

  add(channelId: number, userId: number): void {
    const list = this.byChannel.get(channelId) ?? [];
    list.push(userId);
    this.byChannel.set(channelId, list);
  }

  /** Published after the commit, as the channel service does; a failing hub must not turn a
   *  committed import into an error answer. The domain event makes the chat write its system
   *  message 200, as for members added by hand. */
  async publish(hub: Hub, events: DomainEvents, caller: Caller): Promise<void> {
    const entId = caller.entId;
    for (const [channelId, userIds] of this.byChannel) {
      await publishMembership(hub, userIds.map((userId) => ({ entId, userId, channelId, joined: true }))).catch(() => undefined);
      await hub.publish(topics.channelListen(entId, channelId), 'ChannelUserAdd', { channelId, userIds }).catch(() => undefined);
      const c = this.channels.get(channelId);
      if (c) await hub.publish(topics.entListen(entId), 'ChannelChange', { action: 'members', channelId, name: c.name, enabled: c.enabled }).catch(() => undefined);
      await events.emit('channel.membersAdded', { entId, channelId, userIds, byUserId: caller.userId });
    }
  }
}
