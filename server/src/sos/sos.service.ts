import {
  CoordinateSystem,
  NOBODY_IN_SOS_REASON,
  PERMISSIONS,
  SOS_KIND,
  SOS_LOG_KIND,
  SOS_MSG_KIND,
  ServerCode,
  can,
  topics,
  type Page,
  type SosListQuery,
  type SosLog,
  type SosMsg,
  type SosRaised,
  type SosRecord,
  type sosReportSchema,
} from '@ptt/contracts';
import type { z } from 'zod';
import { forbidden, notFound, ruleError, type Caller } from '../http/caller';
import { toWgs84 } from '../locations/wgs84';
import type { CoreDeps } from '../core-deps';
import { SosRepository } from './sos.repository';

type Report = z.output<typeof sosReportSchema>;

/** Who raises: a REST caller (user agent, ip) or a socket's session (its bound device's name). */
export interface Raiser {
  entId: number;
  userId: number;
  account: string;
  nickname: string;
  device: string | null;
  ip: string | null;
}

/** Staff see every SOS of the enterprise; the same roles may close one. */
const isStaff = (role: number) => can(role, 'sos.handle');

/**
 * SOS of spec sections 3 and 4: raised by a device, open until a dispatcher closes it. Every change
 * goes to the enterprise (SosMsg, and Sos on `sos alert/`) and to the raiser (SosLog). Neither
 * raising nor closing is an operation of the 0-55 table; the record itself keeps who closed it.
 */
export class SosService {
  private readonly repo: SosRepository;

  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'presence'>) {
    this.repo = new SosRepository(deps.db);
  }

  async raise(raiser: Raiser, report: Report): Promise<SosRaised> {
    const position = report.lng !== undefined && report.lat !== undefined ? toWgs84(report.lng, report.lat, report.coord ?? CoordinateSystem.WGS) : null;
    const device = raiser.device ?? (await this.repo.deviceName(raiser.entId, raiser.userId));
    const { id, created } = await this.repo.raise({
      entId: raiser.entId,
      userId: raiser.userId,
      lng: position?.[0] ?? null,
      lat: position?.[1] ?? null,
      device,
      ip: raiser.ip,
    });
    const record = (await this.repo.find(raiser.entId, id))!;
    const answered = await this.staffOnline(raiser.entId, raiser.userId);
    const reason = answered ? null : NOBODY_IN_SOS_REASON;
    await this.publish(raiser.entId, record, { sosId: id, state: 'open', answered, reason });
    return { record, created, answered, reason };
  }

  async close(caller: Caller, id: number): Promise<SosRecord> {
    if (!(await this.repo.close(caller.entId, id, caller.userId))) {
      const existing = await this.repo.find(caller.entId, id);
      if (!existing) throw notFound('sos');
      throw ruleError(ServerCode.UserStatusError, 'sosAlreadyClosed');
    }
    const record = (await this.repo.find(caller.entId, id))!;
    await this.publish(caller.entId, record, { sosId: id, state: 'closed', answered: true, reason: null });
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

  /** 'nobody in SOS': no one online (by presence; invisible counts as offline) may handle it. */
  private async staffOnline(entId: number, raiserId: number): Promise<boolean> {
    const online = await this.deps.presence.statuses(entId);
    return this.repo.anyStaff(entId, online.map((s) => s.uid), PERMISSIONS['sos.handle'], raiserId);
  }

  /** After the change is stored: a failing hub must not turn it into an error answer. */
  private async publish(entId: number, record: SosRecord, log: SosLog): Promise<void> {
    const msg: SosMsg = {
      sosId: record.id,
      uid: record.user.uid,
      account: record.user.account,
      nickname: record.user.nickname,
      lng: record.lng,
      lat: record.lat,
      device: record.device,
      startedAt: record.startedAt,
      closedAt: record.closedAt,
      dispatcherId: record.dispatcher?.id ?? null,
      state: record.state,
    };
    const { hub } = this.deps;
    await Promise.all([
      hub.publish(topics.entListen(entId), SOS_MSG_KIND, msg),
      hub.publish(topics.sosAlert(entId), SOS_KIND, msg),
      hub.publish(topics.userListen(entId, record.user.uid), SOS_LOG_KIND, log),
    ]).catch(() => undefined);
  }
}
