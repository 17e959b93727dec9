/** The i18next namespace of this remote; each feature adds its own part (users.*, channels.*, ...). */
export const NS = 'management';
