import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_MAX_LENGTH,
  EXPORT_ROWS_MAX,
  IMPORT_ROWS_MAX,
  NICKNAME_MAX_LENGTH,
  OperationType,
  PASSWORD_MIN_LENGTH,
  Role,
  ServerCode,
  TAGS_MAX,
  TAG_MAX_LENGTH,
  USER_EXPORT_INFO_COLUMNS,
  USER_SHEET_COLUMNS,
  USER_SHEET_REQUIRED,
  accountSchema,
  can,
  newPasswordSchema,
  nicknameSchema,
  roleNameFor,
  tagsSchema,
  topics,
  type SheetImportResult,
  type userExportQuerySchema,
} from '@ptt/contracts';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import type { Caller } from '../http/caller';
import { writeOperation } from '../audit/operation-log';
import { UserAdminRepository } from '../users/user-admin.repository';
import type { Hub } from '../ws/hub';
import { RowErrors, auditDetail, check, parseRole, result, splitList } from './row-check';
import type { DomainEvents } from '../events/domain-events';
import { JoinedChannels } from './sheet-events';
import * as sheets from './sheet.repository';
import { readUploadedSheet, type SheetRow, type UploadedSheet } from './xlsx-read';
import { exportName, instructionsSheet, writeXlsx, type XlsxFile } from './xlsx-write';

type UserExportQuery = z.output<typeof userExportQuerySchema>;

/** One user row that passed the field rules. */
interface UserRow {
  row: number;
  account: string;
  nickname: string;
  /** Raw cell: only checked and used when the account is new. */
  password: string;
  /** null: blank (user for a new account, "any" for an existing one). */
  role: number | null;
  tags: string[];
  channels: string[];
}

const isAdminRole = (role: number): boolean => role === Role.Admin || role === Role.SuperAdmin;
const HASH_PARALLEL = 4;

const INSTRUCTIONS: readonly (readonly string[])[] = [
  ['account', 'yes', `Letters, digits and _ . @ - (at most ${ACCOUNT_MAX_LENGTH}); unique in the organisation, case-insensitive.`],
  ['nickname', 'yes', `At most ${NICKNAME_MAX_LENGTH} characters: letters, digits, spaces and _ - . ( ) · '.`],
  ['password', 'new accounts', `At least ${PASSWORD_MIN_LENGTH} characters. Ignored for accounts that exist (use reset password).`],
  ['role', 'no', 'user (blank), dispatcher, manager or superManager; or 0, 1, 50, 99. Manager roles need a super admin.'],
  ['tags', 'no', `At most ${TAGS_MAX} tags of at most ${TAG_MAX_LENGTH} characters, separated by commas or semicolons.`],
  ['channels', 'no', 'Channel names separated by commas or semicolons. Everyone also joins the enterprise channel.'],
  ['', '', ''],
  ['rows', '', `At most ${IMPORT_ROWS_MAX} rows after the header row. Other columns are ignored.`],
  ['existing accounts', '', 'A row whose account exists with the same nickname and role adds only its missing tags and channels; a different nickname or role is an error.'],
  ['result', '', 'Valid rows are imported; invalid rows are reported by row number and change nothing. Importing the same file again changes nothing.'],
];

/** User import, export and the import template (spec: "user import and export"). */
export class UserSheets {
  private readonly users: UserAdminRepository;

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly events: DomainEvents,
  ) {
    this.users = new UserAdminRepository(db);
  }

  async template(): Promise<XlsxFile> {
    const buf = await writeXlsx([
      {
        name: 'Users',
        columns: USER_SHEET_COLUMNS.map((key) => ({ key })),
        rows: [],
        lists: { role: ['user', 'dispatcher', 'manager', 'superManager'] },
        hintRows: IMPORT_ROWS_MAX,
      },
      instructionsSheet(INSTRUCTIONS),
    ]);
    return { buf, name: 'user-import-template.xlsx' };
  }

  /** `onlineIds` as GET /api/users takes them, for the online filter. */
  async exportFile(caller: Caller, query: UserExportQuery, onlineIds?: readonly number[]): Promise<XlsxFile> {
    const page = await this.users.list(caller.entId, { ...query, page: 1, size: EXPORT_ROWS_MAX + 1 }, undefined, onlineIds);
    if (page.items.length > EXPORT_ROWS_MAX) {
      throw new AppError(ServerCode.ParameterError, { reason: 'too many rows, narrow the filters', maxRows: EXPORT_ROWS_MAX });
    }
    // The enterprise channel is left out: every account is on it and an import adds it anyway.
    const channels = new Map<number, string[]>();
    for (const a of await sheets.assignments(this.db, caller.entId)) {
      if (!a.isEnterprise) channels.set(a.userId, [...(channels.get(a.userId) ?? []), a.channel]);
    }
    const rows = page.items.map((u) => [
      u.account,
      u.nickname,
      '',
      roleNameFor(u.role),
      u.tags.join(', '),
      (channels.get(u.id) ?? []).join(', '),
      String(u.id),
      u.locked ? 'yes' : 'no',
      u.dispatcherNickname ?? '',
      u.createdAt,
    ]);
    const buf = await writeXlsx([{ name: 'Users', columns: [...USER_SHEET_COLUMNS, ...USER_EXPORT_INFO_COLUMNS].map((key) => ({ key })), rows }]);
    return { buf, name: exportName(await sheets.enterpriseName(this.db, caller.entId), 'users') };
  }

  /** The multipart upload's sheet (within the enterprise's file quota), imported. */
  async importUpload(caller: Caller, req: FastifyRequest): Promise<SheetImportResult> {
    return this.importFile(caller, await readUploadedSheet(req, caller, this.db, USER_SHEET_COLUMNS, USER_SHEET_REQUIRED));
  }

  /**
   * Valid rows are applied and invalid rows reported, in one transaction with one UserImport
   * record; UserAdd (and ChannelUserAdd) frames follow the commit. Rows beyond the member quota
   * are errors (rule.memberQuotaExceeded), checked with the enterprise row locked.
   */
  async importFile(caller: Caller, sheet: UploadedSheet): Promise<SheetImportResult> {
    const errors = new RowErrors();
    const rows = parseRows(sheet.rows, errors);
    const hashes = await this.hashNewPasswords(caller.entId, rows);
    const created: { id: number; account: string; nickname: string; role: number }[] = [];
    const joined = new JoinedChannels();
    const counts = await this.db.transaction(async (tx) => {
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const quota = await sheets.lockMemberQuota(tx, caller.entId);
      const live = await sheets.liveChannels(tx, caller.entId, true);
      joined.know(live);
      const channelIds = new Map(live.map((c) => [c.name.toLowerCase(), c] as const));
      const known = new Map((await sheets.usersByAccounts(tx, caller.entId, rows.map((r) => r.account))).map((u) => [u.account.toLowerCase(), u]));
      for (const r of rows) {
        const wanted = r.channels.flatMap((name) => {
          const c = channelIds.get(name.toLowerCase());
          if (!c) errors.add(r.row, 'channels', 'rule.notFound', name);
          return c ? [c] : [];
        });
        if (errors.has(r.row)) continue;
        const user = known.get(r.account.toLowerCase());
        if (user) {
          // The same person (nickname and role agree) only gains tags and channels; anything else
          // is somebody else's account. Passwords of existing accounts are never set here.
          if (user.nickname !== r.nickname || (r.role !== null && r.role !== user.role)) {
            errors.add(r.row, 'account', 'rule.accountExists', r.account);
            continue;
          }
          const tags = r.tags.filter((t) => !user.tags.includes(t));
          const missing = wanted.filter((c) => !user.channelIds.includes(c.id));
          if (tags.length === 0 && missing.length === 0) {
            counts.unchanged++;
            continue;
          }
          if (isAdminRole(user.role) && !can(caller.role, 'user.manageAdmins')) errors.add(r.row, 'role', 'rule.insufficientPermissions');
          else if (user.tags.length + tags.length > TAGS_MAX) errors.add(r.row, 'tags', 'validation.tooManyTags');
          if (errors.has(r.row)) continue;
          await sheets.addTags(tx, caller.entId, user.id, tags);
          await this.users.joinChannels(caller.entId, user.id, missing.map((c) => c.id), tx);
          for (const c of missing) joined.add(c.id, user.id);
          counts.updated++;
          continue;
        }
        // A new account: the rules of POST /api/users, and the quota counted with this file's rows.
        const role = r.role ?? Role.User;
        if (isAdminRole(role) && !can(caller.role, 'user.manageAdmins')) errors.add(r.row, 'role', 'rule.insufficientPermissions');
        if (!check(newPasswordSchema, r.password, errors, r.row, 'password', false)) continue;
        if (errors.has(r.row)) continue;
        if (quota.used + counts.created >= quota.max) {
          errors.add(r.row, 'account', 'rule.memberQuotaExceeded', r.account);
          continue;
        }
        const id = await this.users.insert(
          { entId: caller.entId, account: r.account, nickname: r.nickname, passwordHash: hashes.get(r.row) ?? (await hashPassword(r.password)), role, dispatcherId: null, channelRemark: null },
          tx,
        );
        if (r.tags.length > 0) await this.users.setTags(caller.entId, id, r.tags, tx);
        // The enterprise channel too, as POST /api/users announces it.
        for (const channelId of await this.users.joinChannels(caller.entId, id, wanted.map((c) => c.id), tx)) joined.add(channelId, id);
        created.push({ id, account: r.account, nickname: r.nickname, role });
        counts.created++;
      }
      await writeOperation(tx, caller, OperationType.UserImport, auditDetail(sheet.fileName, sheet.rows.length, counts, errors));
      return counts;
    });
    for (const u of created) {
      // The same payload as the users service's UserAdd.
      const data = { uid: u.id, account: u.account, nickname: u.nickname, role: u.role, locked: false, avatar: null };
      await this.hub.publish(topics.entListen(caller.entId), 'UserAdd', data).catch(() => undefined);
    }
    await joined.publish(this.hub, this.events, caller);
    return result(sheet.rows.length, counts, errors);
  }

  /**
   * Hashes (scrypt, slow on purpose) the passwords of rows whose account does not exist yet,
   * before the transaction, so locks are not held while hashing.
   */
  private async hashNewPasswords(entId: number, rows: readonly UserRow[]): Promise<Map<number, string>> {
    const existing = new Set((await sheets.usersByAccounts(this.db, entId, rows.map((r) => r.account))).map((u) => u.account.toLowerCase()));
    const todo = rows.filter((r) => !existing.has(r.account.toLowerCase()) && newPasswordSchema.safeParse(r.password).success);
    const hashes = new Map<number, string>();
    for (let i = 0; i < todo.length; i += HASH_PARALLEL) {
      await Promise.all(todo.slice(i, i + HASH_PARALLEL).map(async (r) => hashes.set(r.row, await hashPassword(r.password))));
    }
    return hashes;
  }
}

/** Field rules of every row (contracts' schemas) and duplicates within the file. */
function parseRows(rows: readonly SheetRow[], errors: RowErrors): UserRow[] {
  const seen = new Set<string>();
  const out: UserRow[] = [];
  for (const { row, cells } of rows) {
    const account = check(accountSchema, cells.account ?? '', errors, row, 'account');
    if (account !== undefined) {
      if (seen.has(account.toLowerCase())) errors.add(row, 'account', 'rule.memberAlreadyExists', account);
      seen.add(account.toLowerCase());
    }
    const nickname = check(nicknameSchema, cells.nickname ?? '', errors, row, 'nickname');
    const role = parseRole(cells.role ?? '');
    if (role === undefined) errors.add(row, 'role', 'validation.roleInvalid', cells.role);
    const tags = check(tagsSchema, splitList(cells.tags ?? ''), errors, row, 'tags');
    if (errors.has(row) || account === undefined || nickname === undefined || role === undefined || tags === undefined) continue;
    out.push({ row, account, nickname, password: cells.password ?? '', role, tags: [...new Set(tags)], channels: splitList(cells.channels ?? '') });
  }
  return out;
}
