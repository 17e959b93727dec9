/** The i18next namespace of this remote; each feature adds its own part (sos.*, login.*, ...). */
export const NS = 'records';
