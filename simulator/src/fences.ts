import { z } from 'zod';
import { PAGE_SIZE_MAX, fenceChannelLinkSchema, fenceRuleSchema, fenceShapeOutSchema, fenceUserLinkSchema, type ChannelMember, type Page } from '@ptt/contracts';
import type { RestReader } from './adminApi';

// What `cross` needs to know of a fence, read as the admin: GET /api/fences/:id and the channel
// members a fence covers through its linked channels (ADR 007, coverage).

/** The parts of a fence detail the walk uses; a server without dwell or schedules yet still parses. */
const crossFenceSchema = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  rule: fenceRuleSchema,
  shape: fenceShapeOutSchema,
  dwellS: z.number().int().nonnegative().default(0),
  /** Enabled and in one of its windows now; absent from a server without schedules. */
  activeNow: z.boolean().optional(),
  users: z.array(fenceUserLinkSchema.pick({ account: true, enabled: true })),
  channels: z.array(fenceChannelLinkSchema.pick({ channelId: true, enabled: true })),
});
export type CrossFence = z.infer<typeof crossFenceSchema>;

export async function readFence(api: RestReader, id: number): Promise<CrossFence> {
  return crossFenceSchema.parse(await api.get(`/api/fences/${id}`));
}

async function allPages<T>(api: RestReader, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const p = await api.get<Page<T>>(`${path}${sep}page=${page}&size=${PAGE_SIZE_MAX}`);
    items.push(...p.items);
    if (p.items.length < PAGE_SIZE_MAX) return items;
  }
}

/** Ids of the organisation's enabled fences. */
export async function enabledFenceIds(api: RestReader): Promise<number[]> {
  return (await allPages<{ id: number }>(api, '/api/fences?enabled=true')).map((f) => f.id);
}

/**
 * Accounts the fence covers: its enabled member users and the members of its enabled channels,
 * less the users whose own link is disabled (a per-user exemption from a channel-wide fence).
 */
export async function coveredAccounts(api: RestReader, fence: CrossFence): Promise<Set<string>> {
  const covered = new Set(fence.users.filter((u) => u.enabled).map((u) => u.account));
  for (const link of fence.channels.filter((c) => c.enabled)) {
    for (const m of await allPages<ChannelMember>(api, `/api/channels/${link.channelId}/members`)) covered.add(m.account);
  }
  for (const u of fence.users) if (!u.enabled) covered.delete(u.account);
  return covered;
}
