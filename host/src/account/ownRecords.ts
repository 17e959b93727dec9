import { canOpenPath } from '@ptt/contracts';

/** The user menu's own-record entries and the records view each opens (ADR 028). */
const OWN_RECORD_PATHS = {
  loginRecord: '/main/record/login',
  operationRecord: '/main/record/operation',
  sosRecord: '/main/record/sos',
} as const;

export type OwnRecordEntry = keyof typeof OWN_RECORD_PATHS;

export function isOwnRecordEntry(id: string): id is OwnRecordEntry {
  return id in OWN_RECORD_PATHS;
}

/**
 * Where an own-record entry goes for a role: the records view filtered to the caller (`mine=1`,
 * which reads /api/me/...) when the role may open that view, else null and the entry keeps its
 * dialog. The screen rules decide (docs/permissions.md), as the route guard does: a dispatcher
 * opens the SOS records, a manager all three, a member none.
 */
export function ownRecordsLink(entry: OwnRecordEntry, role: number): string | null {
  const path = OWN_RECORD_PATHS[entry];
  return canOpenPath(role, path) ? `${path}?mine=1` : null;
}
