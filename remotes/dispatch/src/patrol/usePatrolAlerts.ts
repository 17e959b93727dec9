import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PATROL_ALERT_KIND, can } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { NS, formatTime, useAppDispatch } from '../core';
import { patrolAlertEntry, patrolAlertHeard } from './slice';

/** A missed checkpoint's notification stays this long; the alert list keeps it after. */
export const PATROL_NOTICE_MS = 10_000;

/**
 * Missed checkpoints for staff (ADR 029): each PatrolAlert on `ws/patrol` is listed (with "Show on
 * map") and raised as a notification naming the checkpoint, the task, its planned time and why it
 * was missed. The bus's notifications carry text only (the planned time goes in formatted), so the
 * way to the map is the list's, as for fence alerts.
 */
export function usePatrolAlerts(bus: EventBus, session: Session | null | undefined): void {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation(NS);
  const staff = session ? can(session.role, 'patrol.read') : false;
  const language = i18n.language;

  useEffect(() => {
    if (!staff) return;
    const sub = bus.on('ws/patrol').subscribe((event) => {
      if (event.kind !== PATROL_ALERT_KIND) return;
      const entry = patrolAlertEntry(event.data);
      dispatch(patrolAlertHeard(entry));
      bus.publish('notify', {
        intent: 'warning',
        key: `${NS}:patrol.alert.${entry.reason}`,
        values: { node: entry.nodeName, task: entry.taskName, time: formatTime(entry.plannedAt, language) },
        id: `patrol-alert-${entry.id}`,
        timeoutMs: PATROL_NOTICE_MS,
      });
    });
    return () => sub.unsubscribe();
  }, [bus, dispatch, staff, language]);
}
