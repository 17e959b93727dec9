import { z } from 'zod';
import { text } from '../text';
import { Role } from '../enums';
import { idParam } from '../list';
import { importResultSchema, importRowErrorSchema, userListQuerySchema } from './users';

// Spreadsheet (xlsx) import and export of users and channel assignments.
//
// Sheets: the first row with values is the header row; columns are found by header name
// (case, spaces, '_' and '-' ignored), so columns may be reordered and unknown columns (the
// export's information columns, a user's own notes) are ignored. Data rows follow; blank rows are
// skipped. Row numbers in errors are the row numbers Excel shows.
//
// Outcome of an import: valid rows are applied, invalid rows are reported and change nothing, all in
// one transaction with one operation record. Importing the same file again is idempotent: rows
// already applied count as `unchanged`, never as errors.

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Data rows one import may hold (2004 beyond). */
export const IMPORT_ROWS_MAX = 10_000;
/** Upload bound of an import file; the enterprise's own file size quota applies when lower (1005). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Rows one export may hold (2004 beyond: narrow the filters). */
export const EXPORT_ROWS_MAX = 100_000;

/**
 * Separators of lists in one cell (tags, channel names): comma, semicolon, their full-width forms,
 * the ideographic enumeration comma and line breaks.
 */
export const CELL_LIST_SEPARATORS = /[,;，；、\r\n]+/;

/**
 * User import. A row with a new account creates it (password required, role `user` when blank); it
 * joins the enterprise channel and the listed channels. A row whose account exists (case-insensitive)
 * with the same nickname and role (a blank role matches any) only adds missing tags and channels and
 * never touches passwords; a different nickname or role is `rule.accountExists`.
 */
export const USER_SHEET_COLUMNS = ['account', 'nickname', 'password', 'role', 'tags', 'channels'] as const;
export const USER_SHEET_REQUIRED = ['account', 'nickname'] as const;
/** Extra columns of a user export, for reading only (import ignores them). */
export const USER_EXPORT_INFO_COLUMNS = ['uid', 'locked', 'dispatcher', 'createdAt'] as const;

/**
 * Role cells: the number (0, 1, 50, 99) or a name, case-insensitive. Exports write the interface
 * names of spec section 3 (user, dispatcher, manager, superManager).
 */
export const SHEET_ROLE_NAMES: Readonly<Record<string, Role>> = {
  user: Role.User,
  member: Role.User,
  dispatcher: Role.Dispatcher,
  manager: Role.Admin,
  admin: Role.Admin,
  supermanager: Role.SuperAdmin,
  superadmin: Role.SuperAdmin,
};

/**
 * Channel assignment layouts. `byChannel`: one row per channel and account, with the member's level
 * (0-9) and remark; a new pair adds the member, an existing pair takes the level and remark given
 * (blank cells keep the current values). `byUser`: one row per account, the channel names in one cell
 * separated by CELL_LIST_SEPARATORS; missing memberships are added. Imports never remove anyone and
 * never create channels (an unknown channel is `rule.notFound`).
 */
export const ASSIGNMENT_LAYOUTS = ['byChannel', 'byUser'] as const;
export type AssignmentLayout = (typeof ASSIGNMENT_LAYOUTS)[number];
export const ASSIGNMENT_SHEET_COLUMNS = {
  byChannel: ['channel', 'account', 'level', 'remark'],
  byUser: ['account', 'channels'],
} as const satisfies Record<AssignmentLayout, readonly string[]>;
export const ASSIGNMENT_SHEET_REQUIRED = {
  byChannel: ['channel', 'account'],
  byUser: ['account', 'channels'],
} as const satisfies Record<AssignmentLayout, readonly string[]>;
/** Extra columns of an assignment export, for reading only. */
export const ASSIGNMENT_EXPORT_INFO_COLUMNS = ['nickname'] as const;

export const assignmentLayoutQuerySchema = z.object({ layout: z.enum(ASSIGNMENT_LAYOUTS) });

/** `channelId`: byChannel, only that channel's rows; byUser, only users on it (with all their channels). */
export const assignmentExportQuerySchema = assignmentLayoutQuerySchema.extend({ channelId: idParam });

/** The filters, search and sort of GET /api/users; an export has no pages. */
export const userExportQuerySchema = userListQuerySchema.omit({ page: true, size: true });

/**
 * One problem of one row: `field` is the column key, `message` an i18n key (`validation.*` of the
 * contracts' field schemas, or `rule.*`), `value` the offending cell text (shortened) when it helps,
 * e.g. the unknown channel name. In-file duplicates are `rule.memberAlreadyExists`.
 */
export const sheetRowErrorSchema = importRowErrorSchema.extend({ value: text().optional() });
export type SheetRowError = z.infer<typeof sheetRowErrorSchema>;

/** importResultSchema plus the rows that were valid but already applied. Counts are rows. */
export const sheetImportResultSchema = importResultSchema.extend({
  unchanged: z.number().int(),
  errors: z.array(sheetRowErrorSchema),
});
export type SheetImportResult = z.infer<typeof sheetImportResultSchema>;

/**
 * What an assignment import does with one row: `create` adds at least one membership, `change` sets
 * an existing member's level or remark, `unchanged` is already so, `error` is skipped (see errors).
 */
export const ASSIGNMENT_OUTCOMES = ['create', 'change', 'unchanged', 'error'] as const;
export type AssignmentOutcome = (typeof ASSIGNMENT_OUTCOMES)[number];

/** One data row of a dry run: its Excel row number, the cells as read and its outcome. */
export const assignmentCheckRowSchema = z.object({
  row: z.number().int(),
  outcome: z.enum(ASSIGNMENT_OUTCOMES),
  account: text(),
  /** byChannel: the channel cell; byUser: the channels cell. */
  channels: text(),
  level: text(),
  remark: text(),
  errors: z.array(sheetRowErrorSchema),
});
export type AssignmentCheckRow = z.infer<typeof assignmentCheckRowSchema>;

/**
 * The dry run of an assignment import (POST /api/channels/assignments/check): the counts the import
 * of the same file would give now, and every row's outcome; nothing is written.
 */
export const assignmentCheckResultSchema = sheetImportResultSchema.extend({
  rows: z.array(assignmentCheckRowSchema),
});
export type AssignmentCheckResult = z.infer<typeof assignmentCheckResultSchema>;
