import { PAGE_SIZE_MAX, channelMemberSchema, channelSchema, chatListItemSchema, deviceSchema, pageSchema, presenceFrameSchema } from '@ptt/contracts';
import type { Channel, ChannelMember, ChatListItem, Device, UserStatus } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

// The REST calls behind the state every feature reads: chats, channels, members, presence,
// devices (docs/protocol.md). A feature's own calls live in its folder.

// /api/presence answers { uid, status } per online member: the presence frame's fields.
const presenceList = presenceFrameSchema.pick({ uid: true, status: true }).array();
const chatList = chatListItemSchema.array();

/** How many pages of a long list are asked for at once. */
export const PAGE_CONCURRENCY = 4;

/**
 * Every item of a paged list, handing each page over as it arrives (in page order). Totals are
 * capped for large lists (LIST_TOTAL_CAP), so the end is the first short page, not the total.
 */
export async function loadAllPages<T>(
  fetchPage: (page: number) => Promise<T[]>,
  onPage: (items: T[], first: boolean, done: boolean) => void,
  signal?: AbortSignal,
): Promise<void> {
  const first = await fetchPage(1);
  if (signal?.aborted) return;
  let done = first.length < PAGE_SIZE_MAX;
  onPage(first, true, done);
  let next = 2;
  while (!done) {
    const pages = Array.from({ length: PAGE_CONCURRENCY }, (_, i) => next + i);
    next += PAGE_CONCURRENCY;
    const results = await Promise.all(pages.map(fetchPage));
    if (signal?.aborted) return;
    for (const items of results) {
      done = items.length < PAGE_SIZE_MAX;
      onPage(items, false, done);
      if (done) break;
    }
  }
}

export function listChats(api: ApiClient, signal?: AbortSignal): Promise<ChatListItem[]> {
  return api.get('/api/chats', { schema: chatList, signal });
}

const channelPage = pageSchema(channelSchema);

/** Channel id -> enabled, for the channels the user is on. */
export async function channelStates(api: ApiClient, userId: number, signal?: AbortSignal): Promise<Record<number, boolean>> {
  const states: Record<number, boolean> = {};
  await loadAllPages(
    async (page) => (await api.get('/api/channels', { schema: channelPage, query: { userId, page, size: PAGE_SIZE_MAX }, signal })).items,
    (items) => items.forEach((c) => (states[c.id] = c.enabled)),
    signal,
  );
  return states;
}

/**
 * The enterprise channel, which everyone belongs to; null if it is not among the caller's
 * channels. Channels come by id, and the enterprise's is created with the enterprise, so it is on
 * the first page.
 */
export async function enterpriseChannel(api: ApiClient, signal?: AbortSignal): Promise<Channel | null> {
  const page = await api.get('/api/channels', { schema: channelPage, query: { size: PAGE_SIZE_MAX, sort: 'id' }, signal });
  return page.items.find((c) => c.isEnterprise) ?? null;
}

const memberPage = pageSchema(channelMemberSchema);

export function loadMembers(
  api: ApiClient,
  channelId: number,
  onPage: (items: ChannelMember[], first: boolean, done: boolean) => void,
  signal?: AbortSignal,
): Promise<void> {
  return loadAllPages(
    async (page) =>
      (await api.get(`/api/channels/${channelId}/members`, { schema: memberPage, query: { page, size: PAGE_SIZE_MAX, sort: 'userId' }, signal })).items,
    onPage,
    signal,
  );
}

export function loadPresence(api: ApiClient, signal?: AbortSignal): Promise<{ uid: number; status: UserStatus }[]> {
  return api.get('/api/presence', { schema: presenceList, signal });
}

const devicePage = pageSchema(deviceSchema);

/** Every device bound to an account (staff only). */
export async function loadBoundDevices(api: ApiClient, signal?: AbortSignal): Promise<Device[]> {
  const all: Device[] = [];
  await loadAllPages(
    async (page) => (await api.get('/api/devices', { schema: devicePage, query: { bound: true, page, size: PAGE_SIZE_MAX }, signal })).items,
    (items) => all.push(...items),
    signal,
  );
  return all;
}

export function loadDevice(api: ApiClient, id: number, signal?: AbortSignal): Promise<Device> {
  return api.get(`/api/devices/${id}`, { schema: deviceSchema, signal });
}
