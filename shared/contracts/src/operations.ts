import { z } from 'zod';

// Operation log types 0..55. The spec names the groups (enterprise, channel, user, wall, notice,
// patrol) and gives examples but not the number-to-meaning table; this table is ours (ADR 005).
// Device operations sit in the user group because activation binds a device to a user account.

export const OPERATION_GROUPS = ['enterprise', 'channel', 'user', 'wall', 'notice', 'patrol'] as const;
export type OperationGroup = (typeof OPERATION_GROUPS)[number];

interface OperationInfo {
  readonly key: string;
  readonly group: OperationGroup;
  readonly en: string;
  readonly zh: string;
}

const TABLE = [
  ['EnterpriseUpdate', 'enterprise', 'Enterprise information update', '企业信息修改'],
  ['FileUpload', 'enterprise', 'File upload', '文件上传'],
  ['ChannelAdd', 'channel', 'Channel add', '频道添加'],
  ['ChannelUpdate', 'channel', 'Channel update', '频道修改'],
  ['ChannelDelete', 'channel', 'Channel delete', '频道删除'],
  ['ChannelSuspend', 'channel', 'Channel suspend', '频道停用'],
  ['ChannelResume', 'channel', 'Channel resume', '频道启用'],
  ['ChannelDisband', 'channel', 'Channel disband', '频道解散'],
  ['ChannelMemberAdd', 'channel', 'Channel member add', '频道成员添加'],
  ['ChannelMemberRemove', 'channel', 'Channel member remove', '频道成员移除'],
  ['ChannelMemberRole', 'channel', 'Channel member role change', '频道成员角色修改'],
  ['ChannelMemberLevel', 'channel', 'Channel member level change', '频道成员级别修改'],
  ['ChannelMemberStatus', 'channel', 'Channel member status change', '频道成员状态修改'],
  ['ChannelMemberRemark', 'channel', 'Channel member remark update', '频道成员备注修改'],
  ['TempChannelCreate', 'channel', 'Temporary channel create', '临时频道创建'],
  ['ChannelAssignmentImport', 'channel', 'Channel assignment import', '频道分配导入'],
  ['UserAdd', 'user', 'User add', '用户添加'],
  ['UserUpdate', 'user', 'User update', '用户修改'],
  ['UserDelete', 'user', 'User delete', '用户删除'],
  ['UserLock', 'user', 'User lock', '用户锁定'],
  ['UserUnlock', 'user', 'User unlock', '用户解锁'],
  ['UserTag', 'user', 'User tag update', '用户标签修改'],
  ['UserAvatar', 'user', 'User avatar update', '用户头像修改'],
  ['UserNickname', 'user', 'User nickname update', '用户昵称修改'],
  ['UserPasswordReset', 'user', 'User password reset', '用户密码重置'],
  ['UserPasswordChange', 'user', 'User password change', '用户密码修改'],
  ['UserBlacklistAdd', 'user', 'Blacklist add', '黑名单添加'],
  ['UserBlacklistRemove', 'user', 'Blacklist remove', '黑名单移除'],
  ['UserImport', 'user', 'User import', '用户导入'],
  ['DeviceAdd', 'user', 'Device add', '设备添加'],
  ['DeviceUpdate', 'user', 'Device update', '设备修改'],
  ['DeviceDelete', 'user', 'Device delete', '设备删除'],
  ['DeviceActivate', 'user', 'Device activation', '设备激活'],
  ['DeviceAssign', 'user', 'Device account assign', '设备分配账号'],
  ['DeviceCancel', 'user', 'Device account cancel', '设备注销账号'],
  ['DeviceStatus', 'user', 'Device status change', '设备状态修改'],
  ['FenceCreate', 'wall', 'Geofence create', '围栏创建'],
  ['FenceUpdate', 'wall', 'Geofence update', '围栏修改'],
  ['FenceStart', 'wall', 'Geofence start', '围栏启用'],
  ['FenceStop', 'wall', 'Geofence stop', '围栏停用'],
  ['FenceDelete', 'wall', 'Geofence delete', '围栏删除'],
  ['FenceLinkChannel', 'wall', 'Geofence link to channel', '围栏关联频道'],
  ['FenceLinkUser', 'wall', 'Geofence link to user', '围栏关联用户'],
  ['FenceUnlink', 'wall', 'Geofence link remove', '围栏取消关联'],
  ['NoticeAdd', 'notice', 'Notice add', '公告添加'],
  ['NoticeUpdate', 'notice', 'Notice update', '公告修改'],
  ['NoticeSend', 'notice', 'Notice send', '公告发送'],
  ['NoticeDelete', 'notice', 'Notice delete', '公告删除'],
  ['PatrolTaskAdd', 'patrol', 'Patrol task add', '巡更任务添加'],
  ['PatrolTaskUpdate', 'patrol', 'Patrol task update', '巡更任务修改'],
  ['PatrolTaskDelete', 'patrol', 'Patrol task delete', '巡更任务删除'],
  ['PatrolNodeAdd', 'patrol', 'Patrol node add', '巡更节点添加'],
  ['PatrolNodeUpdate', 'patrol', 'Patrol node update', '巡更节点修改'],
  ['PatrolNodeDelete', 'patrol', 'Patrol node delete', '巡更节点删除'],
  ['PatrolMemberAssign', 'patrol', 'Patrol member assign', '巡更人员分配'],
  ['PatrolLogDelete', 'patrol', 'Patrol log delete', '巡更记录删除'],
] as const satisfies readonly (readonly [string, OperationGroup, string, string])[];

type OperationKey = (typeof TABLE)[number][0];

/** Operation type numbers by name: `OperationType.UserAdd` is 16. */
export const OperationType = Object.fromEntries(TABLE.map(([key], n) => [key, n])) as {
  readonly [K in OperationKey]: number;
};
export type OperationType = number;

/** Number -> key, group and the English and Chinese names. */
export const OPERATION_TYPES: readonly OperationInfo[] = TABLE.map(([key, group, en, zh]) => ({ key, group, en, zh }));

export const OPERATION_TYPE_COUNT = TABLE.length;
export const operationTypeSchema = z.number().int().min(0).max(TABLE.length - 1);

export function operationName(type: number, locale: 'en' | 'zh'): string {
  const info = OPERATION_TYPES[type];
  return info ? info[locale] : String(type);
}
