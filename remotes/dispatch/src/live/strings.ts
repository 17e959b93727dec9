// Live map, tracks, SOS and temporary channels (namespace `dispatch`, under `live.`).
export const liveEn = {};

export const liveZh: typeof liveEn = {};
