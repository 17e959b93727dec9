/** The i18next namespace of this remote; each feature adds its own part (core.*, list.*, editor.*). */
export const NS = 'fences';
