import {
  PTT_FLOOR_KIND,
  SCREEN_FLOOR_KIND,
  ServerCode,
  parseChatId,
  topics,
  type Floor,
  type FloorChangeReason,
  type PttFloorFrame,
  type PttTalker,
  type RuleKey,
  type ScreenFloorFrame,
} from '@ptt/contracts';
import { AppError } from '../http/app-error';
import { ruleError } from '../http/caller';
import type { Hub } from '../ws/hub';
import type { FloorRecord } from './floor-store';

// How floors look on the wire (REST answers, the PttFloor frame), where frames go, and the
// refusals of a press.

const iso = (ms: number): string => new Date(ms).toISOString();

export function talkerOf(rec: FloorRecord): PttTalker {
  return { uid: rec.uid, nickname: rec.nickname };
}

/** The floor of `chatId` as held by `rec`, or free when `rec` is null. */
export function floorOf(chatId: string, rec: FloorRecord | null): Floor {
  if (!rec) return { chatId, holder: null, burstId: null, since: null, until: null };
  return { chatId, holder: talkerOf(rec), burstId: rec.burstId, since: iso(rec.since), until: iso(rec.until), ...(rec.via ? { via: rec.via } : {}) };
}

export function frameOf(chatId: string, holder: FloorRecord | null, reason: FloorChangeReason, previous: FloorRecord | null): PttFloorFrame {
  return { ...floorOf(chatId, holder), reason, previous: previous ? talkerOf(previous) : null };
}

/** A channel's name for the large screen's ScreenFloor (null: the frame is not sent). */
export type ChannelNameLookup = (entId: number, channelId: number) => Promise<string | null>;

/** Channels: the channel topic (its members' sockets) and, with the channel's name, the large
 *  screen's topic (ScreenFloor, ADR 026). Temporary channels: each member's user topic.
 *  After the change; a failing hub (or name lookup) loses the frame, never the change. */
export async function publishFloor(hub: Hub, rec: FloorRecord, frame: PttFloorFrame, channelName?: ChannelNameLookup): Promise<void> {
  const channel = parseChatId(rec.chatId);
  const targets = channel ? [topics.channelListen(rec.entId, channel.channelId)] : (rec.memberIds ?? []).map((uid) => topics.userListen(rec.entId, uid));
  const screen = async (channelId: number): Promise<void> => {
    const name = await channelName?.(rec.entId, channelId);
    if (name === null || name === undefined) return;
    const data: ScreenFloorFrame = { ...frame, channelId, channelName: name };
    await hub.publish(topics.screen(rec.entId), SCREEN_FLOOR_KIND, data);
  };
  await Promise.all([
    ...targets.map((topic) => hub.publish(topic, PTT_FLOOR_KIND, frame).catch(() => undefined)),
    ...(channel && channelName ? [screen(channel.channelId).catch(() => undefined)] : []),
  ]);
}

/** 409 (the catalogue's 2026 is a 403): the press conflicts with the channel's state, not a role. */
export class FloorOccupiedError extends AppError {
  constructor(current: Floor) {
    const e = ruleError(ServerCode.ChannelUserNotOperable, 'pttChannelOccupied', { floor: current });
    super(e.code, e.data, e.message);
  }

  override get httpStatus(): number {
    return 409;
  }
}

/** No media server, or it failed the unmute, or the floor store is away: 600 'PTT intercom cannot connect'. */
export function cannotConnect(): AppError {
  return ruleError(ServerCode.ServiceBusy, 'pttCannotConnect');
}

/** The caller already holds another chat's floor: one floor per user at a time. */
export function otherFloorHeld(chatId: string): AppError {
  return ruleError(ServerCode.UserStatusError, 'callNotSupported', { chatId });
}

/** A refusal by the channel's state (409, like an occupied floor), with the rule key and details. */
export class RuleConflictError extends AppError {
  constructor(code: ServerCode, rule: RuleKey, extra: Record<string, unknown> = {}) {
    const e = ruleError(code, rule, extra);
    super(e.code, e.data, e.message);
  }

  override get httpStatus(): number {
    return 409;
  }
}

/** Patch and all-call on the mixing path (PTT_MEDIA=mix): nothing can carry a room's audio into another. */
export function needsForwarding(): AppError {
  return new RuleConflictError(ServerCode.ServiceBusy, 'patchNeedsForwarding');
}

/** A channel already in a live patch: one patch per channel. */
export function alreadyPatched(chatId: string): AppError {
  return new RuleConflictError(ServerCode.ChannelUserNotOperable, 'channelAlreadyPatched', { chatId });
}
