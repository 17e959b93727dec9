import { INTERNAL_TOPICS, type Hub } from './hub';

export interface MembershipChange {
  entId: number;
  userId: number;
  channelId: number;
  joined: boolean;
}

/**
 * Tells every node that a user joined or left a channel, so that user's open sockets start or
 * stop receiving the channel topic without reconnecting.
 */
export function publishMembership(hub: Hub, changes: MembershipChange[]): Promise<void[]> {
  return Promise.all(changes.map((c) => hub.publish(INTERNAL_TOPICS.membership, 'Membership', c)));
}

export function isMembershipChange(v: unknown): v is MembershipChange {
  const o = v as Partial<MembershipChange> | null;
  return !!o && typeof o.entId === 'number' && typeof o.userId === 'number' && typeof o.channelId === 'number' && typeof o.joined === 'boolean';
}
