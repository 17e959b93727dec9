import type { TFunction } from 'i18next';
import { Role } from '@ptt/contracts';

/** Roles as select options; admin roles only for someone who may manage admins (a super admin). */
export function roleOptions(t: TFunction, manageAdmins: boolean): { value: string; label: string }[] {
  const roles: number[] = manageAdmins ? [Role.User, Role.Dispatcher, Role.Admin, Role.SuperAdmin] : [Role.User, Role.Dispatcher];
  return roles.map((r) => ({ value: String(r), label: t(`role.${r}`) }));
}

/** A select's text as the schema's role number. */
export const roleInput = (v: unknown): number | undefined => (typeof v === 'string' && v !== '' ? Number(v) : undefined);
