import { PERMISSIONS, SOS_ESCALATION_KIND, topics, type SosEscalationFrame, type SosRecord } from '@ptt/contracts';
import type { CoreDeps } from '../core-deps';
import { publishSos } from './sos-publish';
import { SosRepository, type EscalatedRow } from './sos.repository';

/**
 * The escalation sweep of ADR 025: every `intervalMs` one statement marks what is due (open, not
 * acknowledged, not escalated, older than its organisation's time) and writes its 'escalated'
 * event. The statement is the claim, so with several nodes each SOS escalates once; a restart
 * loses nothing (the next sweep finds it); ack and close need no timer to cancel. For each
 * escalated SOS: the SosMsg with `escalatedAt` to the enterprise and a SosEscalation personal frame
 * to every connected user whose role has 'sos.escalation'.
 */
export class SosEscalation {
  private readonly repo: SosRepository;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Logged once per outage, not every second. */
  private failing = false;

  constructor(
    private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'presence' | 'log'>,
    private readonly intervalMs: number,
  ) {
    this.repo = new SosRepository(deps.db);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep under way (the database closes after the app). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** A sweep unless one is still running (a slow database must not pile them up). */
  private tick(): void {
    if (this.running) return;
    this.running = this.sweep()
      .then(() => {
        this.failing = false;
      })
      .catch((err: unknown) => {
        if (!this.failing) this.deps.log.error({ err }, 'SOS escalation sweep failed');
        this.failing = true;
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** One sweep; answers how many SOS escalated. */
  async sweep(): Promise<number> {
    const due = await this.repo.escalateDue();
    const byEnt = new Map<number, EscalatedRow[]>();
    for (const row of due) byEnt.set(row.entId, [...(byEnt.get(row.entId) ?? []), row]);
    for (const [entId, rows] of byEnt) {
      // Claimed already: a failure telling one organisation must not keep the others untold.
      await this.tell(entId, rows).catch((err: unknown) => this.deps.log.error({ err, entId }, 'SOS escalation could not be published'));
    }
    return due.length;
  }

  private async tell(entId: number, rows: EscalatedRow[]): Promise<void> {
    const connected = await this.deps.presence.connected(entId);
    const admins = await this.repo.usersWithRole(entId, connected, PERMISSIONS['sos.escalation']);
    for (const row of rows) {
      const record = await this.repo.find(entId, row.sosId);
      if (!record) continue;
      await publishSos(this.deps.hub, entId, record, null);
      const frame = escalationFrame(record, row.afterS);
      await Promise.all(admins.map((uid) => this.deps.hub.publish(topics.userListen(entId, uid), SOS_ESCALATION_KIND, frame))).catch(() => undefined);
    }
  }
}

function escalationFrame(record: SosRecord, afterS: number): SosEscalationFrame {
  return {
    sosId: record.id,
    uid: record.user.uid,
    account: record.user.account,
    nickname: record.user.nickname,
    startedAt: record.startedAt,
    escalatedAt: record.escalatedAt ?? new Date().toISOString(),
    afterS,
  };
}
