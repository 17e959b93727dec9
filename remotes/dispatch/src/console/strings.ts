// Console layout, channels, members, commands and calls (namespace `dispatch`, under `console.`).
export const consoleEn = {};

export const consoleZh: typeof consoleEn = {};
