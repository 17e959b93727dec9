import { clientPackageSchema, pageSchema, type ClientPackage, type Page, type Platform } from '@ptt/contracts';
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
