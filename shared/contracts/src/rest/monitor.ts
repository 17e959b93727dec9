import { z } from 'zod';
import { text } from '../text';
import { DeviceCommand } from '../enums';
import { idSchema, parseIdText } from '../ids';

// Environment listen (DeviceCommand voice 2) and environment monitor (front camera 0, rear camera
// 1), spec sections 2 and 4, issue 7. Sending one of these commands opens (or reuses) the device's
// monitor session: a Janus VideoRoom room the device publishes into, alone, and staff of its
// enterprise subscribe to, all through the server's /janus proxy. See docs/adr/010-ptt-media.md
// "Environment listen and monitor" and docs/protocol.md "Environment listen and monitor".

/** The room of a device's monitor session: `{entId}-4-{deviceId}` (4 = monitor; channels use 1,
 *  temporary channels 2, calls 3). */
export function monitorRoomId(entId: number, deviceId: number): string {
  return `${entId}-4-${deviceId}`;
}

export interface MonitorRoomParts {
  entId: number;
  deviceId: number;
}

/** Reads `{entId}-4-{deviceId}` (canonical ids only); null for anything else. */
export function parseMonitorRoomId(s: string): MonitorRoomParts | null {
  const parts = s.split('-');
  if (parts.length !== 3 || parts[1] !== '4') return null;
  const entId = parseIdText(parts[0]);
  const deviceId = parseIdText(parts[2]);
  return entId === null || deviceId === null ? null : { entId, deviceId };
}

/** audio: environment listen (the device sends its microphone); video: environment monitor
 *  (microphone and camera). */
export const MONITOR_KINDS = ['audio', 'video'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];
export const CAMERA_FACINGS = ['front', 'rear'] as const;
export type CameraFacing = (typeof CAMERA_FACINGS)[number];

/** The session a listen or monitor command opened: in the command's REST answer and its
 *  DeviceCommand frame. `facing` only for video. */
export const monitorInfoSchema = z.object({
  roomId: text(),
  kind: z.enum(MONITOR_KINDS),
  facing: z.enum(CAMERA_FACINGS).optional(),
});
export type MonitorInfo = z.infer<typeof monitorInfoSchema>;

/** What a command asks of the monitor session; null for commands that are not listen or monitor. */
export function monitorRequestOf(command: unknown): { kind: MonitorKind; facing?: CameraFacing } | null {
  if (command === DeviceCommand.FrontCamera) return { kind: 'video', facing: 'front' };
  if (command === DeviceCommand.RearCamera) return { kind: 'video', facing: 'rear' };
  if (command === DeviceCommand.Voice) return { kind: 'audio' };
  return null;
}

/** The camera command that turns the camera of a video session to `facing` (camera flip). */
export function cameraCommand(facing: CameraFacing): DeviceCommand {
  return facing === 'front' ? DeviceCommand.FrontCamera : DeviceCommand.RearCamera;
}

/** A session whose device stopped publishing for this long ends. */
export const MONITOR_PUBLISHER_WAIT_MS = 30_000;
/**
 * A session whose device has not started publishing this long after the command ends, and says
 * why (issue 15): the console must know within 10 s, not after 30 s of 'Connecting...'. The
 * reference handsets publish within 2 s of the command (ADR 010 addendum).
 */
export const MONITOR_JOIN_WAIT_MS = 8_000;
/** A session nobody has subscribed to for this long ends. */
export const MONITOR_IDLE_MS = 60_000;

/**
 * Why a device never joined its session, in the spec's client messages: it did not even receive
 * the command (offline, or no answer to it: 'device not found'), or it received it and did not
 * start publishing in time, or answered that it could not ('failed to enter the room, refresh').
 */
export const MONITOR_END_CAUSES = ['deviceNotFound', 'enterRoomFailed'] as const;
export type MonitorEndCause = (typeof MONITOR_END_CAUSES)[number];

/** The client message (i18n key in `common`) of each cause. */
export const MONITOR_END_CAUSE_KEYS: Record<MonitorEndCause, 'client.deviceNotFound' | 'client.enterRoomFailed'> = {
  deviceNotFound: 'client.deviceNotFound',
  enterRoomFailed: 'client.enterRoomFailed',
};

/** Why a session ended (server log, and the answer of stop); the causes above are reasons too. */
export const MONITOR_END_REASONS = ['stopped', 'replaced', 'idle', 'noPublisher', ...MONITOR_END_CAUSES] as const;
export type MonitorEndReason = (typeof MONITOR_END_REASONS)[number];

/**
 * The reason text of the proxy's 426 for a session that ended because its device never joined
 * starts with the cause (`"enterRoomFailed: ..."`); janus.js hands the text over as
 * `"426 enterRoomFailed: ..."`. Null for any other text (a session stopped, idle, or never open).
 */
export function monitorEndCauseOf(text: unknown): MonitorEndCause | null {
  const m = /(?:^|\s)(deviceNotFound|enterRoomFailed):/.exec(String(text));
  return m ? (m[1] as MonitorEndCause) : null;
}

/** Answer of `POST /api/devices/:id/monitor/stop`: false when no session was open. */
export const monitorStopSchema = z.object({ deviceId: idSchema, stopped: z.boolean() });
export type MonitorStop = z.infer<typeof monitorStopSchema>;

/**
 * Janus error codes the /janus proxy answers a VideoRoom subscriber's join with (VideoRoom's own
 * numbers): the session is over (or never was; the reason text may name a MonitorEndCause), or
 * the device is not sending yet (ask again).
 */
export const MonitorJanusCode = { NoSession: 426, NoPublisherYet: 428 } as const;
