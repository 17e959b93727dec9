import { RULES, ServerCode, can, type Action, type RuleKey, type ServerCode as Code } from '@ptt/contracts';
import type { ActiveSession } from '../auth/session.repository';
import { AppError } from './app-error';

/** Who is asking: the authenticated session (user, enterprise, role) plus where the request came from. */
export type Caller = ActiveSession & {
  ip: string | null;
  /** The user agent (console) or the device name a handset reported. */
  device: string | null;
};

/**
 * Who reads the large screen (routes with `auth: 'screen'`, ADR 026): a console user whose role
 * may `screen.read`, or a paired wall display (then there is no user, only the organisation).
 */
export interface ScreenViewer {
  entId: number;
  entName: string;
  /** The display's id when a display credential is reading; null for a console user. */
  displayId: number | null;
  /** The console user; null for a display. */
  userId: number | null;
}

/** A refusal by business rule: the spec's code, the rule's i18n key in data.reason and its English text. */
export function ruleError(code: Code, rule: RuleKey, extra: Record<string, unknown> = {}): AppError {
  return new AppError(code, { reason: `rule.${rule}`, ...extra }, RULES[rule]);
}

export function forbidden(): AppError {
  return ruleError(ServerCode.InsufficientPermissions, 'insufficientPermissions');
}

/** Throws 2001 'Insufficient permissions' unless the caller's role may do the action. */
export function requirePermission(caller: Caller, action: Action): void {
  if (!can(caller.role, action)) throw forbidden();
}

export function notFound(what: string): AppError {
  return new AppError(ServerCode.NotFound, { reason: 'rule.notFound', what }, RULES.notFound);
}
