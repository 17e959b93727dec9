import * as assign from './assign';
import * as channels from './channels';
import * as core from './core';
import * as devices from './devices';
import * as users from './users';

export { NS } from './core';

// One namespace, one part per feature: each feature owns its strings file.
export const en = { core: core.en, users: users.en, channels: channels.en, devices: devices.en, assign: assign.en };
export const zh: typeof en = { core: core.zh, users: users.zh, channels: channels.zh, devices: devices.zh, assign: assign.zh };
