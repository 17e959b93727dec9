export const PATROL_SECTIONS = ['dashboard', 'task', 'node', 'member', 'record'] as const;
export type PatrolSection = (typeof PATROL_SECTIONS)[number];
