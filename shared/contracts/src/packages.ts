import { z } from 'zod';
import { text } from './text';
import { platformSchema } from './enums';
import { idSchema } from './ids';
import { pageParam, sizeParam } from './list';

// Client packages for devices (/update): managers upload an installer per platform, mark one as
// the current version, and devices ask for the current one to update themselves.

export const PACKAGE_VERSION_MAX_LENGTH = 32;
export const PACKAGE_NOTES_MAX_LENGTH = 2000;

/** Semver-like: major.minor.patch, each 0-99999 without leading zeros, plus an optional
 *  pre-release tag (`1.2.3-beta.1`). */
export const PACKAGE_VERSION_PATTERN = /^(0|[1-9]\d{0,4})\.(0|[1-9]\d{0,4})\.(0|[1-9]\d{0,4})(-[0-9A-Za-z]+(\.[0-9A-Za-z]+)*)?$/;

export const packageVersionSchema = text({ error: 'validation.packageVersionRequired' })
  .trim()
  .min(1, { error: 'validation.packageVersionRequired', abort: true })
  .max(PACKAGE_VERSION_MAX_LENGTH, { error: 'validation.packageVersionInvalid', abort: true })
  .regex(PACKAGE_VERSION_PATTERN, { error: 'validation.packageVersionInvalid' });

export const packageNotesSchema = text({ error: 'validation.packageNotesTooLong' })
  .trim()
  .max(PACKAGE_NOTES_MAX_LENGTH, { error: 'validation.packageNotesTooLong' });

/** The text fields of `POST /api/packages` (multipart: these fields first, then the `file`). */
export const packageUploadFieldsSchema = z.object({
  platform: platformSchema.describe('android, ios or web'),
  version: packageVersionSchema,
  notes: packageNotesSchema.default(''),
});
export type PackageUploadFields = z.infer<typeof packageUploadFieldsSchema>;

export const packagePartySchema = z.object({ uid: idSchema, account: text(), nickname: text() });

export const clientPackageSchema = z.object({
  id: idSchema,
  platform: platformSchema,
  version: text(),
  notes: text(),
  /** The one package of its platform that devices install (at most one per platform). */
  current: z.boolean(),
  fileId: text(),
  fileName: text(),
  size: z.number().int().nonnegative(),
  /** Download path (Bearer token, or a signed URL for `fileId` where a header cannot be set: ADR 012). */
  url: text(),
  /** Null once the uploader's account was deleted. */
  uploader: packagePartySchema.nullable(),
  createdAt: text(),
});
export type ClientPackage = z.infer<typeof clientPackageSchema>;

export const packageListQuerySchema = z.object({
  platform: z.preprocess((v) => (v === '' ? undefined : v), platformSchema.optional()),
  page: pageParam,
  size: sizeParam,
});

/** `GET /api/packages/current`: without `platform`, the platform the caller logged in with. */
export const currentPackageQuerySchema = z.object({
  platform: z.preprocess((v) => (v === '' ? undefined : v), platformSchema.optional()),
});

/** Refusals of the package routes: i18n key in `data.reason`, English text in `msg`. */
export const PACKAGE_RULES = {
  packageVersionExists: 'This version already exists for the platform',
  packageIsCurrent: 'The current package cannot be deleted',
} as const;
export type PackageRuleKey = keyof typeof PACKAGE_RULES;
export const PACKAGE_RULE_KEYS = (Object.keys(PACKAGE_RULES) as PackageRuleKey[]).map((k) => `rule.${k}` as const);
