import { PAGE_SIZE_MAX, channelSchema, pageSchema, userSummarySchema } from '@ptt/contracts';
import type { Channel } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';
import { loadAllPages } from '../core';

// Joining channels from an empty console (ADR 014).

const channelPage = pageSchema(channelSchema);

/** The organisation's live channels (staff see them all), for joining from the console. */
export async function listOrgChannels(api: ApiClient, signal?: AbortSignal): Promise<Channel[]> {
  const out: Channel[] = [];
  await loadAllPages(
    async (page) => (await api.get('/api/channels', { schema: channelPage, query: { page, size: PAGE_SIZE_MAX, sort: 'name' }, signal })).items,
    (items) => out.push(...items),
    signal,
  );
  return out;
}

/** Adds the caller to a channel (staff hold channel.members.manage). */
export function joinChannel(api: ApiClient, channelId: number, userId: number): Promise<unknown> {
  return api.post(`/api/channels/${channelId}/members`, { members: [{ userId }] });
}

/** A user's nickname, for a chat opened by uid alone (the SOS page's hand-off; staff: `user.read`). */
export async function fetchNickname(api: ApiClient, userId: number, signal?: AbortSignal): Promise<string> {
  return (await api.get(`/api/users/${userId}`, { schema: userSummarySchema, signal })).nickname;
}
