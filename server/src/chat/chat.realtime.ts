import { HeartbeatEvent, HeartbeatMethod, MessageType, heartbeatSchema } from '@ptt/contracts';
import { AppError } from '../http/app-error';
import type { ModuleDeps } from '../module-deps';

/**
 * The chat's real-time side:
 * - the per-chat heartbeat (method 2 Chat, event 1 EnterChat, `chat_id`) marks that chat read up to
 *   its latest message; anything that does not parse, or names a chat the sender may not read, is
 *   ignored (never an error at the client);
 * - channel changes become system messages in the channel's chat: 200 members added, 201 removed,
 *   202 disbanded, 203 suspended (resuming writes none: 203 is "channel suspend" only).
 * The channel service emits removals and disbands before its ChannelUserDel frames, so those
 * messages still reach the sockets of the people who leave.
 */
export function registerChatRealtime({ chat, events, inbound }: ModuleDeps): void {

  inbound.on('heartbeat', async ({ session }, _kind, data) => {
    const hb = heartbeatSchema.safeParse(data);
    if (!hb.success || hb.data.method !== HeartbeatMethod.Chat || hb.data.event !== HeartbeatEvent.EnterChat) return;
    if (hb.data.eid !== session.entId || hb.data.uid !== session.userId) return;
    try {
      await chat.markRead(session, chat.target(session, hb.data.chat_id));
    } catch (err) {
      // Refused (not a member, unknown chat): a heartbeat has no answer, so there is nothing to say.
      // Anything else is our fault and goes to the gateway's log.
      if (!(err instanceof AppError)) throw err;
    }
  });

  events.on('channel.membersAdded', async (e) => {
    await chat.system(e.entId, e.channelId, MessageType.ChannelAddUser, e.userIds, e.byUserId, e.userIds);
  });
  events.on('channel.membersRemoved', async (e) => {
    await chat.system(e.entId, e.channelId, MessageType.ChannelRemoveUser, e.userIds, e.byUserId);
  });
  events.on('channel.disbanded', async (e) => {
    await chat.system(e.entId, e.channelId, MessageType.ChannelDisbandment, e.userIds, e.byUserId);
  });
  events.on('channel.statusChanged', async (e) => {
    if (!e.enabled) await chat.system(e.entId, e.channelId, MessageType.ChannelSuspend, [], e.byUserId);
  });
}
