import { SOS_KIND, SOS_LOG_KIND, SOS_MSG_KIND, sosMsgOf, topics, type SosLog, type SosRecord } from '@ptt/contracts';
import type { Hub } from '../ws/hub';

/**
 * An SOS changed: SosMsg to the enterprise, Sos on `sos alert/`, and (when the raiser has news:
 * opened, moved, closed) SosLog to the raiser. After the change is stored: a failing hub must not
 * turn it into an error answer.
 */
export async function publishSos(hub: Hub, entId: number, record: SosRecord, log: SosLog | null): Promise<void> {
  const msg = sosMsgOf(record);
  await Promise.all([
    hub.publish(topics.entListen(entId), SOS_MSG_KIND, msg),
    hub.publish(topics.sosAlert(entId), SOS_KIND, msg),
    ...(log ? [hub.publish(topics.userListen(entId, record.user.uid), SOS_LOG_KIND, log)] : []),
  ]).catch(() => undefined);
}
