import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  OperationType,
  PACKAGE_RULES,
  ServerCode,
  packageUploadFieldsSchema,
  type ClientPackage,
  type PackageRuleKey,
  type Page,
  type Platform,
} from '@ptt/contracts';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { notFound, ruleError, type Caller } from '../http/caller';
import { FileTooLargeError, type FileStore } from '../files/file-store';
import { writeOperation } from '../audit/operation-log';
import { PackageRepository } from './package.repository';

function packageRule(code: ServerCode, rule: PackageRuleKey): AppError {
  return new AppError(code, { reason: `rule.${rule}` }, PACKAGE_RULES[rule]);
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** The text fields multipart saw before the file part (`{ name: { value } }`, or a list when repeated). */
function fieldValues(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ['platform', 'version', 'notes']) {
    const f = fields[name];
    const first: unknown = Array.isArray(f) ? (f as unknown[])[0] : f;
    if (first && typeof first === 'object' && 'value' in first) out[name] = first.value;
  }
  return out;
}

/** Client packages: upload (the first of a platform becomes current), list, mark current, delete. */
export class PackageService {
  private readonly repo: PackageRepository;

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
  ) {
    this.repo = new PackageRepository(db);
  }

  list(caller: Caller, filter: { platform?: Platform; page: number; size: number }): Promise<Page<ClientPackage>> {
    return this.repo.list(caller.entId, filter);
  }

  /** The current package of a platform (default: the platform the caller logged in with), or null. */
  current(caller: Caller, platform: Platform | undefined): Promise<ClientPackage | null> {
    const wanted = platform ?? (caller.platform as Platform);
    return this.repo.current(caller.entId, wanted);
  }

  /**
   * Multipart: the fields platform, version and notes, then the `file`. The fields are checked
   * and a duplicate version refused before a byte of the file is stored.
   */
  async upload(req: FastifyRequest, caller: Caller): Promise<ClientPackage> {
    if (!req.isMultipart()) throw new AppError(ServerCode.ParameterError, { reason: 'multipart/form-data with platform, version, notes and a file is required' });
    const max = await this.repo.maxFileBytes(caller.entId);
    const part = await req.file({ limits: { fileSize: max, files: 1, fields: 10 } });
    if (!part) throw new AppError(ServerCode.ParameterError, { reason: 'no file in the request' });
    let fields;
    try {
      fields = packageUploadFieldsSchema.parse(fieldValues(part.fields));
      if (await this.repo.versionExists(caller.entId, fields.platform, fields.version)) throw packageRule(ServerCode.AlreadyExists, 'packageVersionExists');
    } catch (err) {
      // Read the rest so the client gets the answer instead of a reset connection.
      part.file.resume();
      throw err;
    }
    let stored;
    try {
      stored = await this.files.save({ entId: caller.entId, uploaderId: caller.userId, name: part.filename, stream: part.file, maxBytes: max });
    } catch (err) {
      if (err instanceof FileTooLargeError) throw ruleError(ServerCode.FileSizeQuotaExceeded, 'fileTooLarge', { maxBytes: max });
      throw err;
    }
    const { platform, version, notes } = fields;
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        await this.repo.lock(tx, caller.entId);
        // Devices need something to install: the first package of a platform is its current one.
        const current = !(await this.repo.hasCurrent(tx, caller.entId, platform));
        const newId = await this.repo.insert(tx, { entId: caller.entId, platform, version, notes, fileId: stored.id, uploaderId: caller.userId, current });
        await writeOperation(tx, caller, OperationType.FileUpload, { packageId: newId, platform, version, fileId: stored.id, size: stored.size, current });
        return newId;
      });
    } catch (err) {
      await this.forgetFile(caller.entId, stored.id);
      // Another upload of the same version won the race after our early check.
      if (isUniqueViolation(err)) throw packageRule(ServerCode.AlreadyExists, 'packageVersionExists');
      throw err;
    }
    return (await this.repo.find(caller.entId, id))!;
  }

  async makeCurrent(caller: Caller, id: number): Promise<ClientPackage> {
    await this.db.transaction(async (tx) => {
      await this.repo.lock(tx, caller.entId);
      const pkg = await this.repo.find(caller.entId, id, tx);
      if (!pkg) throw notFound('package');
      if (pkg.current) return;
      await this.repo.makeCurrent(tx, caller.entId, pkg.platform, id);
      // No operation type of the 0-55 table is about packages; which installer every device
      // receives is enterprise information.
      await writeOperation(tx, caller, OperationType.EnterpriseUpdate, { action: 'packageCurrent', packageId: id, platform: pkg.platform, version: pkg.version });
    });
    return (await this.repo.find(caller.entId, id))!;
  }

  /** Deletes a package that is not current, with its file. */
  async remove(caller: Caller, id: number): Promise<void> {
    const fileId = await this.db.transaction(async (tx) => {
      await this.repo.lock(tx, caller.entId);
      const pkg = await this.repo.find(caller.entId, id, tx);
      if (!pkg) throw notFound('package');
      if (pkg.current) throw packageRule(ServerCode.UserStatusError, 'packageIsCurrent');
      await this.repo.remove(tx, caller.entId, id);
      await this.repo.removeFileRow(tx, caller.entId, pkg.fileId);
      await writeOperation(tx, caller, OperationType.EnterpriseUpdate, { action: 'packageDelete', packageId: id, platform: pkg.platform, version: pkg.version });
      return pkg.fileId;
    });
    await this.removeBytes(caller.entId, fileId);
  }

  private async forgetFile(entId: number, fileId: string): Promise<void> {
    await this.repo.removeFileRow(this.db, entId, fileId);
    await this.removeBytes(entId, fileId);
  }

  // FileStore keeps a file's bytes at <dir>/<entId>/<id>; a package's file belongs to it alone.
  private async removeBytes(entId: number, fileId: string): Promise<void> {
    await rm(path.join(this.files.dir, String(entId), fileId), { force: true });
  }
}
