import {
  OperationType,
  clientPackageSchema,
  currentPackageQuerySchema,
  idPathSchema,
  packageListQuerySchema,
  pageSchema,
} from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

/** Client packages for devices (/update): managers publish installers, devices fetch the current one. */
const tag = 'packages';

export const packageRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    url: '/api/packages',
    summary: 'Client packages of the enterprise, newest first; filter `platform` (android, ios, web)',
    tag,
    auth: 'package.read',
    query: packageListQuerySchema,
    response: pageSchema(clientPackageSchema),
    handler: ({ query, caller, deps }) => deps.packages.list(caller, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/packages/current',
    summary: "The current package of `platform` (default: the caller's login platform) with its download URL, or null",
    tag,
    auth: 'package.current',
    query: currentPackageQuerySchema,
    response: clientPackageSchema.nullable(),
    handler: ({ query, caller, deps }) => deps.packages.current(caller, query.platform),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/packages',
    summary:
      'Upload a package: multipart fields `platform`, `version` (1.2.3 or 1.2.3-beta.1), `notes`, then the `file`. ' +
      "The first package of a platform becomes current. 2000 'packageVersionExists' for a version the platform has, 1005 'fileTooLarge' over the enterprise quota",
    tag,
    auth: 'package.manage',
    upload: true,
    response: clientPackageSchema,
    audits: [OperationType.FileUpload],
    handler: ({ req, caller, deps }) => deps.packages.upload(req, caller),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/packages/:id/current',
    summary: 'Make a package the current one of its platform; the previous current one loses the flag in the same transaction',
    tag,
    auth: 'package.manage',
    params: idPathSchema,
    response: clientPackageSchema,
    audits: [OperationType.EnterpriseUpdate],
    handler: ({ params, caller, deps }) => deps.packages.makeCurrent(caller, params.id),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/packages/:id',
    summary: "Delete a package that is not current, with its file. 2028 'packageIsCurrent' for the current one",
    tag,
    auth: 'package.manage',
    params: idPathSchema,
    audits: [OperationType.EnterpriseUpdate],
    handler: async ({ params, caller, deps }) => {
      await deps.packages.remove(caller, params.id);
      return null;
    },
  }),
];
