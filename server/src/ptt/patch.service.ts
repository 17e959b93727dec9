import { randomUUID } from 'node:crypto';
import {
  OperationType,
  PTT_PATCH_KIND,
  chatId as channelChatId,
  topics,
  type CreatePatchRequest,
  type Patch,
  type PatchEndReason,
  type PttPatchFrame,
  type Ws2Frame,
} from '@ptt/contracts';
import { writeOperation } from '../audit/operation-log';
import type { CoreDeps } from '../core-deps';
import { notFound, type Caller } from '../http/caller';
import { alreadyPatched, cannotConnect, needsForwarding } from './floor-frames';
import type { FloorService } from './floor.service';
import { pttAccess } from './ptt-access';
import { pttChatIdsOf } from './ptt.repository';

// Patches (ADR 024): a dispatcher links 2..8 channels into one talkgroup for a while. The patch is
// a record in this node's memory (the dispatcher's socket is here; several nodes do not share
// patches, a written-down limit); the floor rules it changes are floor.service.ts's (`patchOf`).
// It ends when staff end it, when its dispatcher's last /ws2 connection closes, or when one of its
// channels is suspended, disbanded or deleted. Start and end are operation records of type 14.

interface LivePatch {
  patch: Patch;
  entId: number;
  /** The creator as they asked: the end record is theirs when nobody else ended it. */
  creator: Caller;
}

type Log = (err: unknown, what: string) => void;

const dataOf = (f: Ws2Frame): Record<string, unknown> => (f.data ?? {}) as Record<string, unknown>;

export class PatchService {
  private readonly patches = new Map<string, LivePatch>();
  /** Chat id -> the patch holding it (one patch per channel). */
  private readonly byChat = new Map<string, LivePatch>();
  /** Enterprises with patches: their topic tells of dispatchers leaving and channels deleted. */
  private readonly ents = new Map<number, () => void>();

  constructor(
    private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'media'>,
    private readonly floors: FloorService,
    private readonly log: Log,
  ) {
    floors.patchOf = (chatId) => {
      const p = this.byChat.get(chatId);
      return p ? { id: p.patch.id, chatIds: p.patch.chatIds } : null;
    };
  }

  async create(caller: Caller, body: CreatePatchRequest): Promise<Patch> {
    const { media, db } = this.deps;
    if (!media.carry) throw needsForwarding();
    if (!media.available) throw cannotConnect();
    const chatIds = body.channelIds.map((id) => channelChatId(caller.entId, id));
    // The PTT room rule, per channel: a dispatcher patches only channels they may talk in.
    for (const c of chatIds) await pttAccess(db, caller, c);
    const taken = chatIds.find((c) => this.byChat.has(c));
    if (taken) throw alreadyPatched(taken);
    const patch: Patch = {
      id: randomUUID(),
      channelIds: [...body.channelIds],
      chatIds,
      createdBy: { uid: caller.userId, nickname: caller.nickname },
      createdAt: new Date().toISOString(),
    };
    await writeOperation(db, caller, OperationType.TempChannelCreate, { action: 'patchStart', patchId: patch.id, channelIds: patch.channelIds });
    // Checked again after the await: another request may have patched one of them meanwhile.
    const raced = chatIds.find((c) => this.byChat.has(c));
    if (raced) throw alreadyPatched(raced);
    const live: LivePatch = { patch, entId: caller.entId, creator: caller };
    this.patches.set(patch.id, live);
    for (const c of chatIds) this.byChat.set(c, live);
    this.followEnt(caller.entId);
    await this.publish(live, { state: 'created', patch, reason: null });
    return patch;
  }

  /** The live patches holding a channel the caller is a member of. */
  async list(caller: Caller): Promise<Patch[]> {
    const mine = new Set(await pttChatIdsOf(this.deps.db, caller.entId, caller.userId));
    return [...this.patches.values()].filter((p) => p.entId === caller.entId && p.patch.chatIds.some((c) => mine.has(c))).map((p) => p.patch);
  }

  /** Staff of the enterprise end a patch; another enterprise's or an ended one is not found. */
  async end(caller: Caller, id: string): Promise<Patch> {
    const live = this.patches.get(id);
    if (!live || live.entId !== caller.entId) throw notFound('patch');
    await this.finish(live, 'ended', caller);
    return live.patch;
  }

  /** A channel suspended, disbanded or deleted: its patch ends ('channel'). */
  async channelEnded(entId: number, channelId: number): Promise<void> {
    const live = this.byChat.get(channelChatId(entId, channelId));
    if (live) await this.finish(live, 'channel', live.creator);
  }

  /** The patch of a chat id, if any (all-call refuses patched channels). */
  patchOfChat(chatId: string): Patch | null {
    return this.byChat.get(chatId)?.patch ?? null;
  }

  private async finish(live: LivePatch, reason: PatchEndReason, who: Caller): Promise<void> {
    if (this.patches.get(live.patch.id) !== live) return;
    this.patches.delete(live.patch.id);
    for (const c of live.patch.chatIds) if (this.byChat.get(c) === live) this.byChat.delete(c);
    if (![...this.patches.values()].some((p) => p.entId === live.entId)) {
      this.ents.get(live.entId)?.();
      this.ents.delete(live.entId);
    }
    // A press carried by this patch ends with it: its audio would have nowhere to go.
    await Promise.all(
      live.patch.chatIds.map((c) =>
        this.floors
          .endIf(c, (r) => r.via?.kind === 'patch' && r.via.id === live.patch.id, 'closed')
          .catch((err: unknown) => this.log(err, 'ptt: ending a patched floor failed')),
      ),
    );
    await writeOperation(this.deps.db, who, OperationType.TempChannelCreate, { action: 'patchEnd', patchId: live.patch.id, reason }).catch((err: unknown) =>
      this.log(err, 'ptt: writing the end of a patch failed'),
    );
    await this.publish(live, { state: 'ended', patch: live.patch, reason });
  }

  private followEnt(entId: number): void {
    if (this.ents.has(entId)) return;
    const unsubscribe = this.deps.hub.subscribe(topics.entListen(entId), (f) => {
      const d = dataOf(f);
      // The dispatcher's last connection closed (as FloorWatch reads it): their patches end.
      if ((f.t === 'OnLine' || f.t === 'Logout') && d.status === 'offline' && typeof d.uid === 'number') {
        for (const p of [...this.patches.values()]) {
          if (p.entId === entId && p.patch.createdBy.uid === d.uid) void this.finish(p, 'left', p.creator);
        }
      }
      if (f.t === 'ChannelChange' && d.action === 'delete' && typeof d.channelId === 'number') void this.channelEnded(entId, d.channelId);
    });
    this.ents.set(entId, unsubscribe);
  }

  /** To every patched channel's topic; a failing hub loses the frame, never the change. */
  private async publish(live: LivePatch, frame: PttPatchFrame): Promise<void> {
    await Promise.all(
      live.patch.channelIds.map((id) => this.deps.hub.publish(topics.channelListen(live.entId, id), PTT_PATCH_KIND, frame).catch(() => undefined)),
    );
  }

  close(): void {
    for (const stop of this.ents.values()) stop();
    this.ents.clear();
  }
}
