import { SOS_KIND, SOS_LOG_KIND, SOS_MSG_KIND, topics, type SosLog, type SosMsg, type SosRecord } from '@ptt/contracts';
import type { Hub } from '../ws/hub';

export function sosMsgOf(record: SosRecord): SosMsg {
  return {
    sosId: record.id,
    uid: record.user.uid,
    account: record.user.account,
    nickname: record.user.nickname,
    lng: record.lng,
    lat: record.lat,
    device: record.device,
    deviceId: record.deviceId,
    startedAt: record.startedAt,
    closedAt: record.closedAt,
    dispatcherId: record.dispatcher?.id ?? null,
    state: record.state,
    ackedAt: record.ackedAt,
    ackedBy: record.ackedBy,
    escalatedAt: record.escalatedAt,
  };
}

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
