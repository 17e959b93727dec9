import type { z } from 'zod';
import { SERVER_FRAMES } from './realtime/frames';
import { PTT_FLOOR_KIND } from './realtime/ptt';
import { FENCE_CHANGE_KIND, WALL_ALERT_KIND } from './realtime/fence';
import { PATROL_ALERT_KIND, PATROL_CHANGE_KIND } from './realtime/patrol';
import { wsChannelEventSchema, wsDispatchEventSchema, wsEntEventSchema, wsFenceEventSchema, wsPatrolEventSchema, wsUserEnvelopeSchema, wsUserEventSchema } from './ws-bus-events';

interface Variant {
  frameKind: string;
  data: unknown;
}

/** The frame kind (`t` in a bucket, else `kind`) and data schema of every variant of a ws/* payload schema. */
function variantsOf(schema: z.ZodType): Variant[] {
  const def = schema.def as { options?: z.ZodType[]; shape?: Record<string, { def: { values?: unknown[] } }> };
  if (def.options) return def.options.flatMap(variantsOf);
  const shape = def.shape!;
  const literal = (shape.t ?? shape.kind)!.def.values![0] as string;
  return [{ frameKind: literal, data: shape.data }];
}

describe('ws/* bus payloads', () => {
  // A kind the server publishes with no bus variant would be dropped by the adapter as malformed.
  it.each([
    ['entListen', wsEntEventSchema, []],
    ['userListen', wsUserEventSchema, [PTT_FLOOR_KIND]],
    ['channelListen', wsChannelEventSchema, [PTT_FLOOR_KIND]],
    ['dispatch', wsDispatchEventSchema, [WALL_ALERT_KIND, FENCE_CHANGE_KIND, PATROL_ALERT_KIND, PATROL_CHANGE_KIND]],
  ] as const)('carries every kind the server publishes on %s with the server schema of its data', (topic, schema, elsewhere) => {
    const variants = variantsOf(schema);
    const frames = Object.entries(SERVER_FRAMES[topic] as Record<string, z.ZodType>).filter(([kind]) => !(elsewhere as readonly string[]).includes(kind));
    for (const [kind, data] of frames) expect(variants.find((v) => v.frameKind === kind)?.data).toBe(data);
    expect(variants).toHaveLength(frames.length);
  });

  it('carries the fence kinds of dispatch (ADR 027) on ws/fence with their server schemas', () => {
    const variants = variantsOf(wsFenceEventSchema);
    expect(variants.map((v) => v.frameKind).sort()).toEqual([FENCE_CHANGE_KIND, WALL_ALERT_KIND].sort());
    for (const v of variants) expect(v.data).toBe((SERVER_FRAMES.dispatch as Record<string, z.ZodType>)[v.frameKind]);
  });

  it('carries the patrol kinds of dispatch (ADR 029) on ws/patrol with their server schemas', () => {
    const variants = variantsOf(wsPatrolEventSchema);
    expect(variants.map((v) => v.frameKind).sort()).toEqual([PATROL_ALERT_KIND, PATROL_CHANGE_KIND].sort());
    for (const v of variants) expect(v.data).toBe((SERVER_FRAMES.dispatch as Record<string, z.ZodType>)[v.frameKind]);
  });

  it('types a Personal payload by the frame kind in t', () => {
    const notice = { noticeId: 3, title: 'Drill', body: 'At noon', from: { uid: 2, nickname: 'Admin' }, sentAt: '2026-01-01T08:00:00.000Z' };
    const topic = 'msg/listen/user/100001/7';
    expect(wsUserEventSchema.safeParse({ kind: 'Personal', t: 'Notice', data: notice, topic }).success).toBe(true);
    expect(wsUserEventSchema.safeParse({ kind: 'Personal', t: 'Message', data: notice, topic }).success).toBe(false);
    expect(wsUserEventSchema.safeParse({ kind: 'Personal', t: 'Text', data: notice, topic }).success).toBe(false);
    expect(wsUserEventSchema.safeParse({ kind: 'SosLog', data: notice, topic }).success).toBe(false);
  });

  it('lets the envelope through without looking at data', () => {
    const event = { kind: 'Personal', t: 'Message', data: { anything: true }, topic: 't' };
    expect(wsUserEnvelopeSchema.parse(event)).toEqual(event);
    expect(wsUserEnvelopeSchema.safeParse({ ...event, kind: 'Login' }).success).toBe(false);
  });
});
