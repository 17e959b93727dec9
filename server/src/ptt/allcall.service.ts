import { randomUUID } from 'node:crypto';
import {
  PTT_DEFAULT_TALK_S,
  PTT_SERVER_MAX_TALK_S,
  ServerCode,
  allCallOriginId,
  type AllCall,
  type AllCallReleaseRequest,
  type AllCallRequest,
  type AllCallResult,
  type Floor,
} from '@ptt/contracts';
import type { CoreDeps } from '../core-deps';
import { AppError } from '../http/app-error';
import type { Caller } from '../http/caller';
import { cannotConnect, floorOf, needsForwarding } from './floor-frames';
import type { FloorRecord } from './floor-store';
import type { FloorService } from './floor.service';
import type { PatchService } from './patch.service';
import { pttAccess } from './ptt-access';

// All-call (ADR 024): one press of a dispatcher into 2..20 channels. Each channel is checked with
// the PTT room rule and its floor taken as a bridged floor (`force` for staff); each refusal is
// answered for that channel. The console publishes its microphone once, in the dispatcher's
// origin room, unmuted only while the call is on air; the server forwards it into the granted
// rooms' bridges. Release, the max duration (the floors' own timers) and the dispatcher leaving
// (FloorWatch's 'left') end the call: its floors are one group in the floor service.
//
// A channel in a live patch is refused with 'channelAlreadyPatched': taking a whole patch group
// from an all-call would make one answer stand for channels the dispatcher did not name.

interface LiveCall {
  entId: number;
  uid: number;
  records: FloorRecord[];
}

/** The rule key of a refusal (`rule.channelSuspended` -> `channelSuspended`), null when it has none. */
function ruleKeyOf(err: AppError): string | null {
  const reason = (err.data as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason.replace(/^rule\./, '') : null;
}

const refused = (floor: Floor, code: number, reason: string | null): AllCallResult => ({ chatId: floor.chatId, granted: false, floor, code, reason });

export class AllCallService {
  private readonly calls = new Map<string, LiveCall>();

  constructor(
    private readonly deps: Pick<CoreDeps, 'db' | 'media'>,
    private readonly floors: FloorService,
    private readonly patches: PatchService,
  ) {}

  async call(caller: Caller, body: AllCallRequest): Promise<AllCall> {
    const { media, db } = this.deps;
    if (!media.carry) throw needsForwarding();
    if (!media.available) throw cannotConnect();
    const originChatId = allCallOriginId(caller.entId, caller.userId);
    // One origin room, one call on air: a new press ends the caller's previous call.
    await this.releaseOf(caller.entId, caller.userId);
    const now = Date.now();
    const talkS = Math.min(body.maxDurationS ?? PTT_DEFAULT_TALK_S, PTT_SERVER_MAX_TALK_S);
    const callId = randomUUID();
    const via = { kind: 'allcall' as const, id: callId, chatId: null };
    const answers = new Map<string, AllCallResult>();
    const asked: FloorRecord[] = [];
    for (const chatId of body.chatIds) {
      try {
        await pttAccess(db, caller, chatId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // A channel the caller may not be in: its floor is not shown.
        answers.set(chatId, refused(floorOf(chatId, null), err.code, ruleKeyOf(err)));
        continue;
      }
      if (this.patches.patchOfChat(chatId)) {
        answers.set(chatId, refused(floorOf(chatId, null), ServerCode.ChannelUserNotOperable, 'channelAlreadyPatched'));
        continue;
      }
      const until = now + Math.round(talkS * 1000);
      asked.push({ chatId, entId: caller.entId, uid: caller.userId, nickname: caller.nickname, burstId: randomUUID(), since: now, until, via });
    }
    const taken = await this.floors.takeBridged(asked, body.force === true, now);
    for (const t of taken) {
      answers.set(
        t.rec.chatId,
        t.ok
          ? { chatId: t.rec.chatId, granted: true, floor: floorOf(t.rec.chatId, t.rec), code: null, reason: null }
          : refused(floorOf(t.rec.chatId, t.current), ServerCode.ChannelUserNotOperable, 'pttChannelOccupied'),
      );
    }
    const results = body.chatIds.map((c) => answers.get(c)!);
    const granted = taken.flatMap((t) => (t.ok ? [t] : []));
    if (granted.length === 0) return { callId: null, originChatId, results };
    const live: LiveCall = { entId: caller.entId, uid: caller.userId, records: granted.map((g) => g.rec) };
    this.calls.set(callId, live);
    try {
      await this.floors.startGroup(
        {
          main: null,
          bridged: granted,
          source: originChatId,
          origin: originChatId,
          onEnd: () => {
            if (this.calls.get(callId) === live) this.calls.delete(callId);
          },
        },
        now,
      );
    } catch (err) {
      this.calls.delete(callId);
      throw err;
    }
    return { callId, originChatId, results };
  }

  /**
   * The caller ends their call: the floors it held, now free. Another's call, or one already over
   * (max duration, force-inserts), is answered with an empty list: releasing is always harmless.
   */
  async release(caller: Caller, body: AllCallReleaseRequest): Promise<Floor[]> {
    const live = this.calls.get(body.callId);
    if (!live || live.entId !== caller.entId || live.uid !== caller.userId) return [];
    await this.end(body.callId, live);
    return live.records.map((r) => floorOf(r.chatId, null));
  }

  private async releaseOf(entId: number, uid: number): Promise<void> {
    for (const [id, live] of [...this.calls]) if (live.entId === entId && live.uid === uid) await this.end(id, live);
  }

  private async end(callId: string, live: LiveCall): Promise<void> {
    this.calls.delete(callId);
    // Any floor of the group ends the whole group (floor.service.ts).
    for (const rec of live.records) if (await this.floors.end(rec, 'released')) return;
  }
}
