/** The i18next namespace of this remote; each section adds its own part (dashboard.*, task.*, ...). */
export const NS = 'patrol';
