import { OperationType, enterpriseSchema, updateEnterpriseSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

export const enterpriseRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/enterprise', summary: "The caller's enterprise: validity, quotas, usage and time zone",
    tag: 'enterprise', auth: 'enterprise.read', response: enterpriseSchema,
    handler: ({ caller, deps }) => deps.enterprise.read(caller),
  }),
  defineRoute({
    method: 'PATCH', url: '/api/enterprise',
    summary: "Change the name, the organisation's quotas or its time zone (IANA name, fence schedules are read in it) (super admin); the validity period is the platform operator's (2001), quotas below use are refused (2004)",
    tag: 'enterprise', auth: 'enterprise.update', body: updateEnterpriseSchema, response: enterpriseSchema,
    audits: [OperationType.EnterpriseUpdate],
    handler: ({ caller, body, deps }) => deps.enterprise.update(caller, body),
  }),
];
