import type { EventBus } from '@ptt/event-bus';

/**
 * A link a host notification may carry: a label (an i18n key, `ns:key` for a namespace other
 * than common) and the page it opens. Host-only: the bus's `notify` topic is a contract every
 * remote publishes to and carries text only, so the host keeps the actions of its own
 * notifications here, by notification id, next to the bus they were published on.
 */
export interface NoticeAction {
  labelKey: string;
  /** A path of the host's router (opened through `nav/go`). */
  to: string;
}

const actions = new WeakMap<EventBus, Map<string, NoticeAction>>();

export function setNoticeAction(bus: EventBus, id: string, action: NoticeAction): void {
  let byId = actions.get(bus);
  if (!byId) {
    byId = new Map();
    actions.set(bus, byId);
  }
  byId.set(id, action);
}

export function noticeActionFor(bus: EventBus, id: string | undefined): NoticeAction | undefined {
  return id === undefined ? undefined : actions.get(bus)?.get(id);
}

/** Forgets `action` once its notification is gone (not a newer one given the same id since). */
export function clearNoticeAction(bus: EventBus, id: string, action: NoticeAction): void {
  const byId = actions.get(bus);
  if (byId?.get(id) === action) byId.delete(id);
}
