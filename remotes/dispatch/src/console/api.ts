import {
  PAGE_SIZE_MAX,
  callRecordSchema,
  channelMemberSchema,
  channelSchema,
  chatListItemSchema,
  deviceCommandRecordSchema,
  deviceSchema,
  pageSchema,
  presenceFrameSchema,
} from '@ptt/contracts';
import type { CallRecord, Channel, ChannelMember, ChatListItem, Command, Device, DeviceCommandRecord, UserStatus } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

// The console's REST calls (docs/protocol.md: Chat, Device commands, Calls; GET /api/presence).

// /api/presence answers { uid, status } per online member: the presence frame's fields.
const presenceList = presenceFrameSchema.pick({ uid: true, status: true }).array();
const chatList = chatListItemSchema.array();
const callPage = pageSchema(callRecordSchema);

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

/** How many past commands a device's history shows when it is selected. */
export const COMMAND_HISTORY_PAGE = 10;

export async function loadCommandHistory(api: ApiClient, deviceId: number, signal?: AbortSignal): Promise<DeviceCommandRecord[]> {
  const page = await api.get(`/api/devices/${deviceId}/commands`, {
    schema: pageSchema(deviceCommandRecordSchema),
    query: { size: COMMAND_HISTORY_PAGE, sort: 'createdAt', order: 'desc' },
    signal,
  });
  return page.items;
}

export function sendCommand(api: ApiClient, deviceId: number, command: Command, confirm = false): Promise<DeviceCommandRecord> {
  const body = confirm ? { command, confirm: true } : { command };
  return api.post(`/api/devices/${deviceId}/commands`, body, { schema: deviceCommandRecordSchema });
}

export function startCall(api: ApiClient, calleeId: number): Promise<CallRecord> {
  return api.post('/api/calls', { calleeId }, { schema: callRecordSchema });
}

export type CallAction = 'accept' | 'reject' | 'hangup';

export function changeCall(api: ApiClient, callId: number, action: CallAction): Promise<CallRecord> {
  return api.post(`/api/calls/${callId}/${action}`, undefined, { schema: callRecordSchema });
}

/** The user's own recent calls, either side, newest first (the call log). */
export function listOwnCalls(api: ApiClient, userId: number, size: number, signal?: AbortSignal): Promise<CallRecord[]> {
  return api.get('/api/records/calls', { schema: callPage, query: { userId, size }, signal }).then((p) => p.items);
}

export function currentCall(api: ApiClient, signal?: AbortSignal): Promise<CallRecord | null> {
  return api.get('/api/calls/current', { schema: callRecordSchema.nullable(), signal });
}
