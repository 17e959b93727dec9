import { PAGE_SIZE_MAX, channelSchema, pageSchema } from '@ptt/contracts';
import type { Channel } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

const channelPage = pageSchema(channelSchema);

/**
 * The enterprise channel, which everyone belongs to; null if it is not among the caller's
 * channels. Channels come by id, and the enterprise's is created with the enterprise, so it is on
 * the first page.
 */
export async function enterpriseChannel(api: ApiClient, signal?: AbortSignal): Promise<Channel | null> {
  const page = await api.get('/api/channels', { schema: channelPage, query: { size: PAGE_SIZE_MAX, sort: 'id' }, signal });
  return page.items.find((c) => c.isEnterprise) ?? null;
}
