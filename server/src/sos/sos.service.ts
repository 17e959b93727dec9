import {
  CoordinateSystem,
  NOBODY_IN_SOS_REASON,
  PERMISSIONS,
  ServerCode,
  can,
  type Page,
  type SosEvent,
  type SosListQuery,
  type SosRaised,
  type SosRecord,
  type sosCloseSchema,
  type sosReportSchema,
} from '@ptt/contracts';
import type { z } from 'zod';
import type { ChatService } from '../chat/chat.service';
import type { CoreDeps } from '../core-deps';
import { forbidden, notFound, ruleError, type Caller } from '../http/caller';
import { toWgs84 } from '../locations/wgs84';
import { SosEventRepository } from './sos-events.repository';
import { publishSos } from './sos-publish';
import { SosRepository } from './sos.repository';

type Report = z.output<typeof sosReportSchema>;
type Close = z.output<typeof sosCloseSchema>;

/** Who raises: a REST caller (user agent, ip) or a socket's session (its bound device's name). */
export interface Raiser {
  entId: number;
  userId: number;
  account: string;
  nickname: string;
  device: string | null;
  ip: string | null;
}

/** Staff see every SOS of the enterprise; the same roles acknowledge and close one. */
const isStaff = (role: number) => can(role, 'sos.handle');

/**
 * SOS of spec sections 3 and 4 and ADR 025: raised by a device, acknowledged and closed by a
 * dispatcher, escalated by the sweep (sos-escalation.ts) when nobody acknowledges it in time. Every
 * change goes to the enterprise (SosMsg, and Sos on `sos alert/`); opening, moving and closing
 * also to the raiser (SosLog). Each change is an event of the SOS's timeline. None of them is an
 * operation of the 0-55 table; the record and its events keep who did what.
 */
export class SosService {
  private readonly repo: SosRepository;

  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'presence' | 'log'> & { chat: ChatService }) {
    this.repo = new SosRepository(deps.db);
  }

  async raise(raiser: Raiser, report: Report): Promise<SosRaised> {
    const position = report.lng !== undefined && report.lat !== undefined ? toWgs84(report.lng, report.lat, report.coord ?? CoordinateSystem.WGS) : null;
    const device = raiser.device ?? (await this.repo.deviceName(raiser.entId, raiser.userId));
    const { entId, userId } = raiser;
    const { id, created } = await this.deps.db.transaction(async (tx) => {
      const raised = await new SosRepository(tx).raise({ entId, userId, lng: position?.[0] ?? null, lat: position?.[1] ?? null, device, ip: raiser.ip });
      await new SosEventRepository(tx).add(entId, raised.id, raised.created ? 'raised' : 'moved', null);
      return raised;
    });
    const record = (await this.repo.find(entId, id))!;
    const answered = await this.staffOnline(entId, userId);
    const reason = answered ? null : NOBODY_IN_SOS_REASON;
    await publishSos(this.deps.hub, entId, record, { sosId: id, state: 'open', answered, reason });
    if (created) await this.writeCards(entId, record);
    return { record, created, answered, reason };
  }

  /**
   * "I have it": stamps who acknowledged, once. A second acknowledgement answers the record as it
   * is (two dispatchers pressing at once both see who took it); a closed SOS answers 2028.
   */
  async ack(caller: Caller, id: number): Promise<SosRecord> {
    const acked = await this.deps.db.transaction(async (tx) => {
      if (!(await new SosRepository(tx).ack(caller.entId, id, caller.userId))) return false;
      await new SosEventRepository(tx).add(caller.entId, id, 'acknowledged', caller.userId);
      return true;
    });
    const record = await this.repo.find(caller.entId, id);
    if (!record) throw notFound('sos');
    if (!acked) {
      if (record.state === 'closed') throw ruleError(ServerCode.UserStatusError, 'sosAlreadyClosed');
      return record;
    }
    await publishSos(this.deps.hub, caller.entId, record, null);
    return record;
  }

  /** Closes with an optional note, acknowledging as the closer if nobody had. */
  async close(caller: Caller, id: number, body: Close = {}): Promise<SosRecord> {
    const note = body.note ? body.note : null;
    const closed = await this.deps.db.transaction(async (tx) => {
      if (!(await new SosRepository(tx).close(caller.entId, id, caller.userId, note))) return false;
      await new SosEventRepository(tx).add(caller.entId, id, 'closed', caller.userId, note);
      return true;
    });
    const record = await this.repo.find(caller.entId, id);
    if (!record) throw notFound('sos');
    if (!closed) throw ruleError(ServerCode.UserStatusError, 'sosAlreadyClosed');
    await publishSos(this.deps.hub, caller.entId, record, { sosId: id, state: 'closed', answered: true, reason: null });
    return record;
  }

  list(caller: Caller, query: SosListQuery): Promise<Page<SosRecord>> {
    return this.repo.list(caller.entId, query, isStaff(caller.role) ? undefined : caller.userId);
  }

  /** The caller's own SOS records, whatever the role (the user menu's "my records"). */
  listOwn(caller: Caller, query: SosListQuery): Promise<Page<SosRecord>> {
    return this.repo.list(caller.entId, query, caller.userId);
  }

  async get(caller: Caller, id: number): Promise<SosRecord> {
    const record = await this.repo.find(caller.entId, id);
    if (!record) throw notFound('sos');
    if (!isStaff(caller.role) && record.user.uid !== caller.userId) throw forbidden();
    return record;
  }

  /** The timeline: staff, or the raiser for their own SOS. */
  async events(caller: Caller, id: number): Promise<SosEvent[]> {
    await this.get(caller, id);
    return new SosEventRepository(this.deps.db).list(caller.entId, id);
  }

  /** 'nobody in SOS': no one online (by presence; invisible counts as offline) may handle it. */
  private async staffOnline(entId: number, raiserId: number): Promise<boolean> {
    const online = await this.deps.presence.statuses(entId);
    const staff = await this.repo.usersWithRole(entId, online.map((s) => s.uid), PERMISSIONS['sos.handle'], raiserId);
    return staff.length > 0;
  }

  /**
   * The SOS card (type 6) from the raiser in each live channel they belong to, so the channel sees
   * it in its chat. Only when the SOS opens; the raise has succeeded already, so a failure here is
   * logged, never answered.
   */
  private async writeCards(entId: number, record: SosRecord): Promise<void> {
    try {
      const content = { sosId: record.id, ...(record.lng !== null && record.lat !== null ? { lng: record.lng, lat: record.lat } : {}) };
      for (const channelId of await this.repo.liveChannelsOf(entId, record.user.uid)) {
        await this.deps.chat.sosCard(entId, channelId, record.user.uid, content);
      }
    } catch (err) {
      this.deps.log.error({ err, sosId: record.id }, 'SOS card could not be written to the channels');
    }
  }
}
