import { PATROL_SCAN_KIND, PATROL_SCAN_RESULT_KIND, patrolScanSchema, topics, type PatrolScanResult } from '@ptt/contracts';
import { AppError } from '../http/app-error';
import type { ModuleDeps } from '../module-deps';
import { INTERNAL_TOPICS } from '../ws/hub';
import { PATROL_NODE_ID, type PatrolChangedData } from './patrol-runs';

function entIdOf(data: unknown): number | null {
  const entId = (data as { entId?: unknown } | null)?.entId;
  return typeof entId === 'number' ? entId : null;
}

/** The scan's own id, when the device put one in the frame's data (`data.id`, text up to 64). */
function scanId(data: unknown): string | null {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : typeof id === 'number' ? String(id) : null;
}

/**
 * Patrol on /ws2 and the bus (ADR 029): device scans on `icoTest/json/device/patrol/{entId}/{uid}`
 * (kind PatrolScan) answered with PatrolScanResult on the member's own topic; GPS check-ins from
 * every stored position; and the per-node copies of active runs patched or dropped on any node's
 * change (`sys/internal/patrol`) or a channel membership change (members of assigned channels patrol).
 */
export function registerPatrolRealtime(deps: ModuleDeps): void {
  const { patrol, patrolCache: cache, patrolMonitor: monitor, hub } = deps;
  deps.inbound.on('patrol', async ({ session }, kind, data) => {
    if (kind !== PATROL_SCAN_KIND) return;
    const body = patrolScanSchema.safeParse(data);
    const method = (data as { method?: unknown } | null)?.method === 'nfc' ? 'nfc' : 'qr';
    const base = { id: scanId(data), method } as const;
    let answer: PatrolScanResult;
    if (!body.success) {
      answer = { ...base, ok: false, checkinId: null, nodeName: null, result: null, reason: 'validation.patrolCodeInvalid' };
    } else {
      try {
        const { checkin } = await patrol.scan(session, body.data);
        answer = { ...base, ok: true, checkinId: checkin.id, nodeName: checkin.node.name, result: checkin.result, reason: null };
      } catch (err) {
        const given = err instanceof AppError ? (err.data as { reason?: unknown } | null)?.reason : undefined;
        const reason = typeof given === 'string' ? given : 'rule.serviceBusy';
        answer = { ...base, ok: false, checkinId: null, nodeName: null, result: null, reason: reason.replace(/^rule\./, '') };
        if (!(err instanceof AppError)) deps.log.error({ err }, 'patrol scan failed');
      }
    }
    await hub.publish(topics.userListen(session.entId, session.userId), PATROL_SCAN_RESULT_KIND, answer).catch(() => undefined);
  });
  deps.events.on('location.stored', (ev) => monitor.onStored(ev));
  hub.subscribe(INTERNAL_TOPICS.patrol, (frame) => {
    const entId = entIdOf(frame.data);
    if (entId === null) return;
    const { settled, from } = frame.data as Partial<PatrolChangedData>;
    // Only stops settled: patch (the node that wrote them knows they are all; others reload too).
    if (Array.isArray(settled)) cache.patch(entId, settled, from !== PATROL_NODE_ID);
    else cache.invalidate(entId);
  });
  hub.subscribe(INTERNAL_TOPICS.membership, (frame) => {
    const entId = entIdOf(frame.data);
    if (entId !== null) cache.invalidate(entId);
  });
}
