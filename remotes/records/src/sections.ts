import type { ScreenId } from '@ptt/contracts';

/** The record kinds, in the spec's order; the first is where /main/record goes. */
export const RECORD_KINDS = ['sos', 'login', 'cross', 'operation'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The screen rule of each kind's route (docs/permissions.md): login and operation are for managers. */
export const KIND_SCREENS: Record<RecordKind, ScreenId> = {
  sos: 'records',
  login: 'loginRecords',
  cross: 'records',
  operation: 'operationRecords',
};
