import {
  clientPackageSchema,
  enterpriseSchema,
  pageSchema,
  type ClientPackage,
  type Enterprise,
  type PackageUploadFields,
  type Page,
  type Platform,
} from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';
import { serverApi, type TableQuery } from '@ptt/ui';

export const PACKAGES_PATH = '/api/packages';
export const PACKAGE_PAGE_SIZE = 10;
/** Handsets first: they are what most packages are for. */
export const PLATFORM_ORDER: readonly Platform[] = ['android', 'ios', 'web'];

const packagePageSchema = pageSchema(clientPackageSchema);

/** Packages, newest first per platform; every change invalidates 'Package'. */
export const packagesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    packages: build.query<Page<ClientPackage>, TableQuery<{ platform: Platform }>>({
      query: (q) => ({ path: PACKAGES_PATH, query: { platform: q.filters.platform, page: q.page, size: q.size }, schema: packagePageSchema }),
      providesTags: ['Package'],
    }),
    makePackageCurrent: build.mutation<ClientPackage, number>({
      query: (id) => ({ path: `${PACKAGES_PATH}/${id}/current`, method: 'POST', schema: clientPackageSchema }),
      invalidatesTags: ['Package'],
    }),
    deletePackage: build.mutation<unknown, number>({
      query: (id) => ({ path: `${PACKAGES_PATH}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Package'],
    }),
    /** The organisation's limits: the upload is refused here before the whole file is sent. */
    ownEnterprise: build.query<Enterprise, void>({
      query: () => ({ path: '/api/enterprise', schema: enterpriseSchema }),
    }),
  }),
});

export const { usePackagesQuery, useMakePackageCurrentMutation, useDeletePackageMutation, useLazyOwnEnterpriseQuery } = packagesApi;

/**
 * Multipart with the fields first, then the file, as the server reads them; progress as it goes.
 * Not an RTK Query mutation: the progress callback and the file are not data a store should hold.
 */
export function uploadPackage(
  api: ApiClient,
  fields: PackageUploadFields,
  file: Blob & { name?: string },
  options: { onProgress: (fraction: number) => void; signal?: AbortSignal },
): Promise<ClientPackage> {
  const form = new FormData();
  form.append('platform', fields.platform);
  form.append('version', fields.version);
  form.append('notes', fields.notes);
  form.append('file', file, file.name ?? 'package');
  return api.upload(PACKAGES_PATH, form, { schema: clientPackageSchema, ...options });
}
