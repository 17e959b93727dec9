/** The three pages of this remote, by the host route segment they are mounted under. */
export const SECTIONS = {
  userManagement: 'users',
  channelManagement: 'channels',
  deviceManagement: 'devices',
} as const;

export type SectionSegment = keyof typeof SECTIONS;
export type Section = (typeof SECTIONS)[SectionSegment];

/** '/main/channelManagement' -> 'channels'; null when mounted elsewhere (standalone). */
export function sectionFor(basePath: string): Section | null {
  const segment = basePath.replace(/\/+$/, '').split('/').pop() ?? '';
  return segment in SECTIONS ? SECTIONS[segment as SectionSegment] : null;
}
