import { OperationType, enterpriseSchema, updateEnterpriseSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';
import { readEnterprise, updateEnterprise } from './enterprise.service';

export function enterpriseRoutes({ db }: ModuleDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/api/enterprise', summary: "The caller's enterprise: validity, quotas and usage",
      tag: 'enterprise', auth: 'enterprise.read', response: enterpriseSchema,
      handler: ({ caller }) => readEnterprise(db, caller.entId),
    }),
    defineRoute({
      method: 'PATCH', url: '/api/enterprise',
      summary: "Change the name or the organisation's quotas (super admin); the validity period is the platform operator's (2001), quotas below use are refused (2004)",
      tag: 'enterprise', auth: 'enterprise.update', body: updateEnterpriseSchema, response: enterpriseSchema,
      audits: [OperationType.EnterpriseUpdate],
      handler: ({ caller, body }) => updateEnterprise(db, caller, body),
    }),
  ];
}
