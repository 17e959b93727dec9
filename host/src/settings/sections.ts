/** The settings dialog's sections, in the spec's order (section 2). */
export const SETTINGS_SECTIONS = ['personal', 'language', 'voice', 'map', 'ptt', 'logout'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
