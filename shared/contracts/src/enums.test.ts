import {
  AlertType,
  CallResultState,
  CoordinateSystem,
  DeviceAvailability,
  DeviceCommand,
  DevicePowerStatus,
  FenceAction,
  MessageType,
  Platform,
  ROLE_NAMES,
  Role,
  SingleCallReceiveState,
  UserStatus,
  alertTypeSchema,
  messageTypeSchema,
  roleNameFor,
  roleSchema,
  userStatusSchema,
} from './enums';

describe('enumerations match spec section 3 number for number', () => {
  it('message types 0-9 and 200-203', () => {
    expect(MessageType).toEqual({
      Text: 0, Image: 1, Audio: 2, Video: 3, Expression: 4, Location: 5, Sos: 6, File: 7, Ptt: 8,
      AudioTalk: 9, ChannelAddUser: 200, ChannelRemoveUser: 201, ChannelDisbandment: 202, ChannelSuspend: 203,
    });
    expect(messageTypeSchema.safeParse(203).success).toBe(true);
    expect(messageTypeSchema.safeParse(10).success).toBe(false);
  });

  it('roles 0/1/50/99 and the six role names in order', () => {
    expect(Role).toEqual({ User: 0, Dispatcher: 1, Admin: 50, SuperAdmin: 99 });
    expect(ROLE_NAMES).toEqual(['own', 'dispatcher', 'manager', 'subManager', 'user', 'superManager']);
    expect(roleSchema.safeParse(2).success).toBe(false);
    expect(roleNameFor(Role.Admin)).toBe('manager');
    expect(roleNameFor(Role.SuperAdmin)).toBe('superManager');
  });

  it('coordinate systems, device commands, call states, fence actions', () => {
    expect(CoordinateSystem).toEqual({ WGS: 0, GCJ: 1 });
    expect(DeviceCommand).toEqual({
      FrontCamera: 0, RearCamera: 1, Voice: 2, Location: 3, Permission: 4, AppInfo: 5, DeviceInfo: 6,
      WallOpen: 7, WallClose: 8,
    });
    expect(SingleCallReceiveState).toEqual({ Receive: 0, Waiting: 1, Talking: 2, Connecting: 3, Exception: 4 });
    expect(CallResultState).toEqual({ Wait: 0, Accept: 1, Hangup: 2, Exception: 3 });
    expect(FenceAction).toEqual({ Create: 0, Update: 1, Cancel: 2 });
  });

  it('alert types 0..18 in spec order', () => {
    expect(Object.entries(AlertType)).toEqual([
      ['Default', 0], ['Permission', 1], ['Chat', 2], ['Ptt', 3], ['Sos', 4], ['Authorization', 5],
      ['Illegal', 6], ['WrongNickOrPassword', 7], ['File', 8], ['Captcha', 9], ['UserAdd', 10],
      ['UserEdit', 11], ['UserRole', 12], ['UserLock', 13], ['ChannelAdd', 14], ['ChannelEdit', 15],
      ['ChannelLock', 16], ['FenceAdd', 17], ['FenceEdit', 18],
    ]);
    expect(alertTypeSchema.safeParse(19).success).toBe(false);
  });

  it('user and device statuses and platforms', () => {
    expect(Object.values(UserStatus)).toEqual(['online', 'offline', 'busy', 'away', 'dnd', 'invisible', 'unknown']);
    expect(userStatusSchema.safeParse('gone').success).toBe(false);
    expect(Object.values(DevicePowerStatus)).toEqual(['on', 'off']);
    expect(Object.values(DeviceAvailability)).toEqual(['available', 'forbidden', 'disabled']);
    expect(Object.values(Platform)).toEqual(['web', 'android', 'ios']);
  });
});
