import { LOCATION_KIND, locationReportBodySchema } from '@ptt/contracts';
import type { ModuleDeps } from '../module-deps';
import { reportPoints } from './location.service';

/** Positions sent on `icoTest/json/device/location/{entId}/{userId}` (kind Location). The gateway
 *  has checked the ids are the socket's own; anything that does not parse is dropped silently. */
export function registerLocationRealtime(deps: ModuleDeps): void {
  deps.inbound.on('location', async ({ session }, kind, data) => {
    if (kind !== LOCATION_KIND) return;
    const body = locationReportBodySchema.safeParse(data);
    if (!body.success) return;
    // Awaited so a failed write reaches the gateway's error log; frames are not queued behind it.
    await deps.locations.accept(session, reportPoints(body.data)).stored;
  });
}
