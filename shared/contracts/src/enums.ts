import { z } from 'zod';

// Enumerations of spec section 3/4. Each is an `as const` object (readable names at call sites),
// a zod schema (to validate wire data) and a type of the same name (the union of its values).

export const MessageType = {
  Text: 0,
  Image: 1,
  Audio: 2,
  Video: 3,
  Expression: 4,
  Location: 5,
  Sos: 6,
  File: 7,
  Ptt: 8,
  AudioTalk: 9,
  ChannelAddUser: 200,
  ChannelRemoveUser: 201,
  ChannelDisbandment: 202,
  ChannelSuspend: 203,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];
export const messageTypeSchema = z.enum(MessageType);

export const Role = { User: 0, Dispatcher: 1, Admin: 50, SuperAdmin: 99 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const roleSchema = z.enum(Role);

/** Role names as the interface shows them (spec section 3), in spec order. */
export const ROLE_NAMES = ['own', 'dispatcher', 'manager', 'subManager', 'user', 'superManager'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const roleNameSchema = z.enum(ROLE_NAMES);

// 'own' and 'subManager' describe a member relative to the viewer, so they have no role number;
// the four numbered roles map to the remaining names.
const ROLE_NAME_BY_ROLE: Record<Role, RoleName> = {
  [Role.User]: 'user',
  [Role.Dispatcher]: 'dispatcher',
  [Role.Admin]: 'manager',
  [Role.SuperAdmin]: 'superManager',
};
export function roleNameFor(role: Role): RoleName {
  return ROLE_NAME_BY_ROLE[role];
}

export const CoordinateSystem = { WGS: 0, GCJ: 1 } as const;
export type CoordinateSystem = (typeof CoordinateSystem)[keyof typeof CoordinateSystem];
export const coordinateSystemSchema = z.enum(CoordinateSystem);

export const DeviceCommand = {
  FrontCamera: 0,
  RearCamera: 1,
  Voice: 2,
  Location: 3,
  Permission: 4,
  AppInfo: 5,
  DeviceInfo: 6,
  WallOpen: 7,
  WallClose: 8,
} as const;
export type DeviceCommand = (typeof DeviceCommand)[keyof typeof DeviceCommand];
export const deviceCommandSchema = z.enum(DeviceCommand);

export const SingleCallReceiveState = {
  Receive: 0,
  Waiting: 1,
  Talking: 2,
  Connecting: 3,
  Exception: 4,
} as const;
export type SingleCallReceiveState = (typeof SingleCallReceiveState)[keyof typeof SingleCallReceiveState];
export const singleCallReceiveStateSchema = z.enum(SingleCallReceiveState);

export const CallResultState = { Wait: 0, Accept: 1, Hangup: 2, Exception: 3 } as const;
export type CallResultState = (typeof CallResultState)[keyof typeof CallResultState];
export const callResultStateSchema = z.enum(CallResultState);

export const FenceAction = { Create: 0, Update: 1, Cancel: 2 } as const;
export type FenceAction = (typeof FenceAction)[keyof typeof FenceAction];
export const fenceActionSchema = z.enum(FenceAction);

/** Alert types 0..18 in the order spec section 3 lists them. */
export const AlertType = {
  Default: 0,
  Permission: 1,
  Chat: 2,
  Ptt: 3,
  Sos: 4,
  Authorization: 5,
  Illegal: 6,
  WrongNickOrPassword: 7,
  File: 8,
  Captcha: 9,
  UserAdd: 10,
  UserEdit: 11,
  UserRole: 12,
  UserLock: 13,
  ChannelAdd: 14,
  ChannelEdit: 15,
  ChannelLock: 16,
  FenceAdd: 17,
  FenceEdit: 18,
} as const;
export type AlertType = (typeof AlertType)[keyof typeof AlertType];
export const alertTypeSchema = z.enum(AlertType);

export const UserStatus = {
  Online: 'online',
  Offline: 'offline',
  Busy: 'busy',
  Away: 'away',
  Dnd: 'dnd',
  Invisible: 'invisible',
  Unknown: 'unknown',
} as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];
export const userStatusSchema = z.enum(UserStatus);

export const DevicePowerStatus = { On: 'on', Off: 'off' } as const;
export type DevicePowerStatus = (typeof DevicePowerStatus)[keyof typeof DevicePowerStatus];
export const devicePowerStatusSchema = z.enum(DevicePowerStatus);

export const DeviceAvailability = { Available: 'available', Forbidden: 'forbidden', Disabled: 'disabled' } as const;
export type DeviceAvailability = (typeof DeviceAvailability)[keyof typeof DeviceAvailability];
export const deviceAvailabilitySchema = z.enum(DeviceAvailability);

export const Platform = { Web: 'web', Android: 'android', Ios: 'ios' } as const;
export type Platform = (typeof Platform)[keyof typeof Platform];
export const platformSchema = z.enum(Platform);

export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const localeSchema = z.enum(LOCALES, { error: 'validation.localeInvalid' });
/** Spec section 9: English is the default language. */
export const DEFAULT_LOCALE: Locale = 'en';
