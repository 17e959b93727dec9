import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ASSIGNMENT_EXPORT_INFO_COLUMNS,
  ASSIGNMENT_SHEET_COLUMNS,
  ASSIGNMENT_SHEET_REQUIRED,
  EXPORT_ROWS_MAX,
  IMPORT_ROWS_MAX,
  LEVEL_MAX,
  OperationType,
  REMARK_MAX_LENGTH,
  ServerCode,
  accountSchema,
  channelNameSchema,
  levelSchema,
  remarkSchema,
  type AssignmentCheckResult,
  type AssignmentCheckRow,
  type AssignmentLayout,
  type AssignmentOutcome,
  type SheetImportResult,
  type SheetRowError,
  type assignmentExportQuerySchema,
} from '@ptt/contracts';
import * as channels from '../channels/channel.repository';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import type { Caller } from '../http/caller';
import { writeOperation } from '../audit/operation-log';
import type { Hub } from '../ws/hub';
import { RowErrors, auditDetail, check, levelInput, result, splitList } from './row-check';
import type { DomainEvents } from '../events/domain-events';
import { JoinedChannels } from './sheet-events';
import * as sheets from './sheet.repository';
import { readUploadedSheet, type SheetRow, type UploadedSheet } from './xlsx-read';
import { exportName, instructionsSheet, writeXlsx, type XlsxFile } from './xlsx-write';

type ExportQuery = z.output<typeof assignmentExportQuerySchema>;

/** One row that passed the field rules: byChannel rows name one channel, byUser rows several. */
interface AssignmentInput {
  row: number;
  account: string;
  channels: string[];
  level: number | null;
  remark: string | null;
}

type Counts = { created: number; updated: number; unchanged: number };

const COMMON_NOTES = [
  ['', '', ''],
  ['rows', '', `At most ${IMPORT_ROWS_MAX} rows after the header row. Other columns are ignored.`],
  ['result', '', 'Valid rows are applied; invalid rows are reported by row number and change nothing. Nobody is removed and no channel is created. Importing the same file again changes nothing.'],
] as const;

const INSTRUCTIONS: Record<AssignmentLayout, readonly (readonly string[])[]> = {
  byChannel: [
    ['channel', 'yes', 'The name of an existing channel (case-insensitive).'],
    ['account', 'yes', 'The account of an existing user (case-insensitive).'],
    ['level', 'no', `0 to ${LEVEL_MAX}. Blank: the default for a new member, unchanged for a member.`],
    ['remark', 'no', `At most ${REMARK_MAX_LENGTH} characters. Blank: unchanged.`],
    ['', '', 'One row per channel and account. A user already on the channel takes the level and remark given.'],
    ...COMMON_NOTES,
  ],
  byUser: [
    ['account', 'yes', 'The account of an existing user (case-insensitive).'],
    ['channels', 'yes', 'Names of existing channels separated by commas or semicolons; the user joins those not joined yet.'],
    ...COMMON_NOTES,
  ],
};

const FILE_LABEL: Record<AssignmentLayout, string> = { byChannel: 'by-channel', byUser: 'by-user' };

/** Channel assignment by spreadsheet, in the two layouts of contracts' ASSIGNMENT_LAYOUTS. */
export class ChannelSheets {
  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly events: DomainEvents,
  ) {}

  async template(layout: AssignmentLayout): Promise<XlsxFile> {
    const buf = await writeXlsx([
      {
        name: 'Assignments',
        columns: ASSIGNMENT_SHEET_COLUMNS[layout].map((key) => ({ key, width: key === 'channels' ? 40 : 18 })),
        rows: [],
        wholeNumbers: layout === 'byChannel' ? { level: { min: 0, max: LEVEL_MAX } } : {},
        hintRows: IMPORT_ROWS_MAX,
      },
      instructionsSheet(INSTRUCTIONS[layout]),
    ]);
    return { buf, name: `channel-assignment-template-${FILE_LABEL[layout]}.xlsx` };
  }

  async exportFile(caller: Caller, query: ExportQuery): Promise<XlsxFile> {
    const byChannel = query.layout === 'byChannel';
    const list = await sheets.assignments(this.db, caller.entId, byChannel ? { channelId: query.channelId } : { usersOfChannel: query.channelId });
    let rows: string[][];
    if (byChannel) {
      rows = list.map((a) => [a.channel, a.account, String(a.level), a.remark ?? '', a.nickname]);
    } else {
      const byUser = new Map<number, string[]>();
      for (const a of [...list].sort((x, y) => x.account.toLowerCase().localeCompare(y.account.toLowerCase()) || x.userId - y.userId)) {
        const r = byUser.get(a.userId) ?? [a.account, '', a.nickname];
        r[1] = r[1] ? `${r[1]}, ${a.channel}` : a.channel;
        byUser.set(a.userId, r);
      }
      rows = [...byUser.values()];
    }
    if (rows.length > EXPORT_ROWS_MAX) throw new AppError(ServerCode.ParameterError, { reason: 'too many rows, narrow the filters', maxRows: EXPORT_ROWS_MAX });
    const columns = [...ASSIGNMENT_SHEET_COLUMNS[query.layout], ...ASSIGNMENT_EXPORT_INFO_COLUMNS].map((key) => ({ key, width: key === 'channels' ? 40 : 18 }));
    const buf = await writeXlsx([{ name: 'Assignments', columns, rows }]);
    const entName = await sheets.enterpriseName(this.db, caller.entId);
    return { buf, name: exportName(entName, `channel assignments ${FILE_LABEL[query.layout]}`) };
  }

  /** The multipart upload's sheet of this layout (within the enterprise's file quota), imported. */
  async importUpload(caller: Caller, layout: AssignmentLayout, req: FastifyRequest): Promise<SheetImportResult> {
    const sheet = await readUploadedSheet(req, caller, this.db, ASSIGNMENT_SHEET_COLUMNS[layout], ASSIGNMENT_SHEET_REQUIRED[layout]);
    return this.importFile(caller, layout, sheet);
  }

  /** The multipart upload's sheet of this layout, checked: the dry run of importUpload. */
  async checkUpload(caller: Caller, layout: AssignmentLayout, req: FastifyRequest): Promise<AssignmentCheckResult> {
    const sheet = await readUploadedSheet(req, caller, this.db, ASSIGNMENT_SHEET_COLUMNS[layout], ASSIGNMENT_SHEET_REQUIRED[layout]);
    return this.checkFile(caller, layout, sheet);
  }

  /**
   * The dry run: every row decided against the database exactly as importFile decides it (the same
   * parse and plan), nothing written and no record. Run in a read-only transaction so the plan sees
   * one snapshot.
   */
  async checkFile(caller: Caller, layout: AssignmentLayout, sheet: UploadedSheet): Promise<AssignmentCheckResult> {
    const errors = new RowErrors();
    const inputs = layout === 'byChannel' ? parseByChannel(sheet.rows, errors) : parseByUser(sheet.rows, errors);
    const p = await this.db.transaction((tx) => plan(tx, caller.entId, layout, inputs, errors, false));
    const field = layout === 'byChannel' ? 'channel' : 'channels';
    const byRow = new Map<number, SheetRowError[]>();
    for (const e of errors.sorted()) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
    const rows = sheet.rows.map(({ row, cells }): AssignmentCheckRow => ({
      row,
      outcome: byRow.has(row) ? 'error' : (p.outcomes.get(row) ?? 'unchanged'),
      account: cells.account ?? '',
      channels: cells[field] ?? '',
      level: cells.level ?? '',
      remark: cells.remark ?? '',
      errors: byRow.get(row) ?? [],
    }));
    return { ...result(sheet.rows.length, p.counts, errors), rows };
  }

  /**
   * Valid rows are applied and invalid rows reported, in one transaction (the channels locked) with
   * one ChannelAssignmentImport record; ChannelUserAdd frames follow the commit.
   */
  async importFile(caller: Caller, layout: AssignmentLayout, sheet: UploadedSheet): Promise<SheetImportResult> {
    const errors = new RowErrors();
    const inputs = layout === 'byChannel' ? parseByChannel(sheet.rows, errors) : parseByUser(sheet.rows, errors);
    const { counts, joined } = await this.db.transaction(async (tx) => {
      const p = await plan(tx, caller.entId, layout, inputs, errors, true);
      for (const [channelId, members] of p.inserts) await channels.insertMembers(tx, caller.entId, channelId, members);
      await sheets.updateMemberships(tx, p.updates);
      await writeOperation(tx, caller, OperationType.ChannelAssignmentImport, { layout, ...auditDetail(sheet.fileName, sheet.rows.length, p.counts, errors) });
      return p;
    });
    await joined.publish(this.hub, this.events, caller);
    return result(sheet.rows.length, counts, errors);
  }
}

interface Plan {
  counts: Counts;
  outcomes: Map<number, AssignmentOutcome>;
  inserts: Map<number, channels.NewMember[]>;
  updates: { channelId: number; userId: number; level: number | null; remark: string | null }[];
  joined: JoinedChannels;
}

/**
 * Decides every valid row against the database, writing nothing: the dry run shows this plan and the
 * import writes it. `lock` takes the channel rows for update (the import's transaction).
 */
async function plan(tx: Queryable, entId: number, layout: AssignmentLayout, inputs: AssignmentInput[], errors: RowErrors, lock: boolean): Promise<Plan> {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
  const outcomes = new Map<number, AssignmentOutcome>();
  const joined = new JoinedChannels();
  const live = await sheets.liveChannels(tx, entId, lock);
  joined.know(live);
  const byName = new Map(live.map((c) => [c.name.toLowerCase(), c.id] as const));
  const users = new Map((await sheets.usersByAccounts(tx, entId, inputs.map((i) => i.account))).map((u) => [u.account.toLowerCase(), u.id] as const));
  const current = new Map(
    (await sheets.membershipsOf(tx, entId, [...users.values()])).map((m) => [`${m.channelId}:${m.userId}`, m] as const),
  );
  const inserts = new Map<number, channels.NewMember[]>();
  const updates: Plan['updates'] = [];
  const field = layout === 'byChannel' ? 'channel' : 'channels';
  for (const input of inputs) {
    const channelIds = input.channels.flatMap((name) => {
      const id = byName.get(name.toLowerCase());
      if (id === undefined) errors.add(input.row, field, 'rule.notFound', name);
      return id === undefined ? [] : [id];
    });
    const userId = users.get(input.account.toLowerCase());
    if (userId === undefined) errors.add(input.row, 'account', 'rule.notFound', input.account);
    if (userId === undefined || errors.has(input.row)) continue;
    let added = false;
    let changed = false;
    for (const channelId of channelIds) {
      const member = current.get(`${channelId}:${userId}`);
      if (!member) {
        const list = inserts.get(channelId) ?? [];
        list.push({ userId, level: input.level ?? undefined, remark: input.remark });
        inserts.set(channelId, list);
        joined.add(channelId, userId);
        added = true;
      } else if ((input.level !== null && input.level !== member.level) || (input.remark !== null && input.remark !== member.remark)) {
        updates.push({ channelId, userId, level: input.level, remark: input.remark });
        changed = true;
      }
    }
    const outcome: AssignmentOutcome = added ? 'create' : changed ? 'change' : 'unchanged';
    outcomes.set(input.row, outcome);
    if (added) counts.created++;
    else if (changed) counts.updated++;
    else counts.unchanged++;
  }
  return { counts, outcomes, inserts, updates, joined };
}

/** One channel and one account per row; the same pair twice in the file is a duplicate. */
function parseByChannel(rows: readonly SheetRow[], errors: RowErrors): AssignmentInput[] {
  const seen = new Set<string>();
  const out: AssignmentInput[] = [];
  for (const { row, cells } of rows) {
    const channel = check(channelNameSchema, cells.channel ?? '', errors, row, 'channel');
    const account = check(accountSchema, cells.account ?? '', errors, row, 'account');
    const level = levelInput(cells.level ?? '');
    if (level !== null) check(levelSchema, level, errors, row, 'level');
    const remark = check(remarkSchema, cells.remark ?? '', errors, row, 'remark');
    if (channel !== undefined && account !== undefined) {
      const key = `${channel.toLowerCase()}\n${account.toLowerCase()}`;
      if (seen.has(key)) errors.add(row, 'account', 'rule.memberAlreadyExists', account);
      seen.add(key);
    }
    if (errors.has(row) || channel === undefined || account === undefined || remark === undefined) continue;
    out.push({ row, account, channels: [channel], level, remark: remark || null });
  }
  return out;
}

/** One account per row with its channel names in one cell; the same account twice is a duplicate. */
function parseByUser(rows: readonly SheetRow[], errors: RowErrors): AssignmentInput[] {
  const seen = new Set<string>();
  const out: AssignmentInput[] = [];
  for (const { row, cells } of rows) {
    const account = check(accountSchema, cells.account ?? '', errors, row, 'account');
    if (account !== undefined) {
      if (seen.has(account.toLowerCase())) errors.add(row, 'account', 'rule.memberAlreadyExists', account);
      seen.add(account.toLowerCase());
    }
    const names = splitList(cells.channels ?? '');
    if (names.length === 0) errors.add(row, 'channels', 'validation.channelNameRequired');
    if (errors.has(row) || account === undefined) continue;
    out.push({ row, account, channels: names, level: null, remark: null });
  }
  return out;
}
