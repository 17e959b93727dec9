import { ServerCode, type RuleKey } from '@ptt/contracts';
import { AppError } from './app-error';
import { ruleError } from './caller';

/**
 * 429 with the catalogue's 600 instead of its 503: the caller is asked to slow down or wait (sending
 * too fast, too many captchas, uploads or waiting pairings); the service itself is fine.
 */
export class BusyError extends AppError {
  constructor(rule: RuleKey) {
    const e = ruleError(ServerCode.ServiceBusy, rule);
    super(e.code, e.data, e.message);
  }

  override get httpStatus(): number {
    return 429;
  }
}
