import { topics } from '@ptt/contracts';
import type { DomainEvents } from '../events/domain-events';
import type { Caller } from '../http/caller';
import type { Hub } from '../ws/hub';
import { publishMembership } from '../ws/membership';

/** Who joined which channel during one import: ChannelUserAdd frames, one per channel. */
export class JoinedChannels {
  private readonly byChannel = new Map<number, number[]>();

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
      await events.emit('channel.membersAdded', { entId, channelId, userIds, byUserId: caller.userId });
    }
  }
}
