import { clientPackageSchema, pageSchema, type ClientPackage, type PackageUploadFields, type Page, type Platform } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

export const PACKAGES_PATH = '/api/packages';
export const PACKAGE_PAGE_SIZE = 10;
/** Handsets first: they are what most packages are for. */
export const PLATFORM_ORDER: readonly Platform[] = ['android', 'ios', 'web'];

const packagePageSchema = pageSchema(clientPackageSchema);

export function listPackages(api: ApiClient, platform: Platform, page: number, signal?: AbortSignal): Promise<Page<ClientPackage>> {
  return api.get(PACKAGES_PATH, { schema: packagePageSchema, query: { platform, page, size: PACKAGE_PAGE_SIZE }, signal });
}

export function makeCurrent(api: ApiClient, id: number): Promise<ClientPackage> {
  return api.post(`${PACKAGES_PATH}/${id}/current`, undefined, { schema: clientPackageSchema });
}

export function deletePackage(api: ApiClient, id: number): Promise<unknown> {
  return api.del(`${PACKAGES_PATH}/${id}`);
}

/** Multipart with the fields first, then the file, as the server reads them; progress as it goes. */
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
