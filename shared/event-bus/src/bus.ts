import { BUS_TOPICS } from '@ptt/contracts';
import type { BusPayload, BusTopicName, StateTopicName } from '@ptt/contracts';
import { ReplaySubject, Subject } from 'rxjs';
import type { Observable } from 'rxjs';

/** The one runtime channel between host and remotes; one instance per page. */
export interface EventBus {
  /** Validates the payload with the topic's schema (its envelope for ws/* topics, whose data the
   *  socket bridge has parsed); an invalid payload throws (a programming error). */
  publish<K extends BusTopicName>(topic: K, payload: BusPayload<K>): void;
  /** State topics replay their latest value to a new subscriber; event topics do not. */
  on<K extends BusTopicName>(topic: K): Observable<BusPayload<K>>;
  /** Latest value of a state topic, or undefined before its first publish. */
  current<K extends StateTopicName>(topic: K): BusPayload<K> | undefined;
}

export class BusPayloadError extends Error {
  constructor(
    readonly topic: BusTopicName,
    readonly issues: readonly { path: PropertyKey[]; message: string }[],
  ) {
    super(`invalid payload for bus topic "${topic}": ${issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`);
    this.name = 'BusPayloadError';
  }
}

export function createEventBus(): EventBus {
  const subjects = new Map<BusTopicName, Subject<unknown>>();
  const latest = new Map<BusTopicName, unknown>();

  function subjectFor(topic: BusTopicName): Subject<unknown> {
    let subject = subjects.get(topic);
    if (!subject) {
      subject = BUS_TOPICS[topic].kind === 'state' ? new ReplaySubject<unknown>(1) : new Subject<unknown>();
      subjects.set(topic, subject);
    }
    return subject;
  }

  return {
    publish(topic, payload) {
      const spec = BUS_TOPICS[topic];
      if (!spec) throw new Error(`unknown bus topic "${String(topic)}"`);
      // /ws2 topics check only their envelope: the adapter parsed the data, once per frame.
      const result = ('envelope' in spec ? spec.envelope : spec.schema).safeParse(payload);
      if (!result.success) throw new BusPayloadError(topic, result.error.issues);
      if (spec.kind === 'state') latest.set(topic, result.data);
      subjectFor(topic).next(result.data);
    },
    on<K extends BusTopicName>(topic: K) {
      if (!BUS_TOPICS[topic]) throw new Error(`unknown bus topic "${String(topic)}"`);
      return subjectFor(topic).asObservable() as Observable<BusPayload<K>>;
    },
    current<K extends StateTopicName>(topic: K) {
      return latest.get(topic) as BusPayload<K> | undefined;
    },
  };
}
