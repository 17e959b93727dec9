import { SOS_KIND, sosReportSchema } from '@ptt/contracts';
import type { ModuleDeps } from '../module-deps';

/** SOS raised on `icoTest/json/device/sos/{entId}/{userId}` (kind Sos). The gateway has checked the
 *  ids are the socket's own; anything that does not parse is dropped silently. */
export function registerSosRealtime(deps: ModuleDeps): void {
  deps.inbound.on('sos', async ({ session, ip }, kind, data) => {
    if (kind !== SOS_KIND) return;
    const report = sosReportSchema.safeParse(data);
    if (!report.success) return;
    const { entId, userId, account, nickname } = session;
    // A socket knows no user agent: the record names the user's bound device, if any.
    await deps.sos.raise({ entId, userId, account, nickname, device: null, ip }, report.data);
  });
}
