import type { SirenLevel } from '@ptt/media';
import type { QueueEntry } from '../queue/queue';

export interface AlarmWanted {
  /** Some open SOS is not acknowledged: the siren sounds until someone says "I have it". */
  wanted: boolean;
  /** 2 when one of those escalated (nobody acknowledged it in time). */
  level: SirenLevel;
}

/** Whether the alarm sounds, and how loud: acknowledged SOS stay in the queue but are silent. */
export function alarmOf(entries: readonly QueueEntry[]): AlarmWanted {
  const waiting = entries.filter((e) => e.ackedAt === null);
  return { wanted: waiting.length > 0, level: waiting.some((e) => e.escalatedAt !== null) ? 2 : 1 };
}
