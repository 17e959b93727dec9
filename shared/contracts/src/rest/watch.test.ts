import type { z } from 'zod';
import { WATCHED_CHANNELS_MAX, watchedChannelsSchema, type WatchedChannels } from './watch';

// The hand-written interface and the schema must describe the same shape.
const sameShape: z.infer<typeof watchedChannelsSchema> extends WatchedChannels ? true : false = true;
void sameShape;

const one = (channelId: number) => ({ channelId, volume: 80, muted: false, pan: 'centre' as const });

function messages(input: unknown): string[] {
  const r = watchedChannelsSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('watchedChannelsSchema', () => {
  it('accepts an ordered list and keeps the order', () => {
    const parsed = watchedChannelsSchema.parse({ channels: [one(3), one(1), { ...one(2), pan: 'left', muted: true, volume: 0 }] });
    expect(parsed.channels.map((c) => c.channelId)).toEqual([3, 1, 2]);
  });

  it('reads a channel sent without priority as not priority, and keeps a priority one', () => {
    const parsed = watchedChannelsSchema.parse({ channels: [one(1), { ...one(2), priority: true }] });
    expect(parsed.channels.map((c) => c.priority)).toEqual([false, true]);
    expect(messages({ channels: [{ ...one(1), priority: 'yes' }] })).toHaveLength(1);
  });

  it('refuses the same channel twice', () => {
    expect(messages({ channels: [one(1), one(1)] })).toEqual(['validation.watchedChannelDuplicate']);
  });

  it('refuses more than the maximum', () => {
    const list = Array.from({ length: WATCHED_CHANNELS_MAX + 1 }, (_, i) => one(i + 1));
    expect(messages({ channels: list })).toEqual(['validation.watchedChannelsTooMany']);
    expect(messages({ channels: list.slice(1) })).toEqual([]);
  });

  it('refuses a volume outside 0..100 or not whole, an unknown pan and unknown fields', () => {
    expect(messages({ channels: [{ ...one(1), volume: 101 }] })).toEqual(['validation.volumeInvalid']);
    expect(messages({ channels: [{ ...one(1), volume: 1.5 }] })).toEqual(['validation.volumeInvalid']);
    expect(messages({ channels: [{ ...one(1), pan: 'up' }] })).toEqual(['validation.panInvalid']);
    expect(messages({ channels: [{ ...one(1), extra: 1 }] })).toHaveLength(1);
  });
});
