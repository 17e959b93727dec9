import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  DISPLAYS_MAX,
  OperationType,
  PAIRING_TTL_MS,
  SCREEN_LAYOUT_KIND,
  ServerCode,
  topics,
  type Display,
  type PairingClaim,
  type PairingStart,
  type ScreenLayoutFrame,
  type ScreenMe,
  type displayCreateSchema,
  type displayUpdateSchema,
} from '@ptt/contracts';
import type { z } from 'zod';
import { writeOperation } from '../audit/operation-log';
import { hashToken } from '../auth/auth.service';
import type { CoreDeps } from '../core-deps';
import { BusyError } from '../http/busy-error';
import { notFound, ruleError, type Caller, type ScreenViewer } from '../http/caller';
import { INTERNAL_TOPICS } from '../ws/hub';
import type { DisplayCredential } from '../ws/screen-link';
import { DisplayRepository, layoutOf } from './display.repository';

type Create = z.output<typeof displayCreateSchema>;
type Update = z.output<typeof displayUpdateSchema>;

/** Display credentials start with this; console tokens are base64url, which has no '.', so the
 *  two can never be confused and a console token never costs a display lookup. */
const DISPLAY_TOKEN_PREFIX = 'd.';
const TOKEN_BYTES = 32;
const SECRET_BYTES = 24;
/** Waiting codes per address and in all (ADR 026). */
export const PAIRINGS_PER_IP = 5;
export const PAIRINGS_MAX = 500;
/** A display's request stamps `last_seen_at` at most this often (its socket does every minute). */
const TOUCH_AFTER_S = 30;
// Starting a pairing counts and inserts under this lock, so two nodes cannot both pass the limit.
const PAIRING_LOCK_KEY = 72_616_026;


/**
 * Paired wall displays (ADR 026): pairing codes, the read-only credential (only its SHA-256
 * stored), the admin's list, renaming, layout and revocation. The credential is not a session:
 * only the 'screen' routes and the display socket ask this service about it.
 */
export class DisplayService {
  private readonly repo: DisplayRepository;

  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'log'>) {
    this.repo = new DisplayRepository(deps.db);
  }

  isDisplayToken(token: string | null | undefined): token is string {
    return typeof token === 'string' && token.startsWith(DISPLAY_TOKEN_PREFIX) && token.length <= 512;
  }

  /** The live display behind a credential, or null; a request stamps `last_seen_at` (at most twice a minute). */
  async authenticate(token: string): Promise<DisplayCredential | null> {
    const found = await this.find(token);
    if (found && (found.seenAgoS === null || found.seenAgoS > TOUCH_AFTER_S)) await this.repo.touch(found.displayId);
    return found ? credentialOf(found) : null;
  }

  /** Like authenticate, without the stamp (the socket stamps on its own clock). */
  async findDisplay(token: string): Promise<DisplayCredential | null> {
    const found = await this.find(token);
    return found ? credentialOf(found) : null;
  }

  private async find(token: string) {
    if (!this.isDisplayToken(token)) return null;
    return this.repo.findByToken(hashToken(token));
  }

  async seen(displayId: number): Promise<void> {
    await this.repo.touch(displayId);
  }

  /** GET /api/screen/me: the organisation and, for a display, its name and layout. */
  async me(viewer: ScreenViewer): Promise<ScreenMe> {
    const ent = { id: viewer.entId, name: viewer.entName };
    if (viewer.displayId === null) return { ent, display: null };
    const d = await this.repo.find(viewer.entId, viewer.displayId);
    return { ent, display: d ? { id: d.id, name: d.name, layout: d.layout } : null };
  }

  // --- Pairing ------------------------------------------------------------------------------

  /** A display without a credential asks for a code (public): at most 5 waiting per address and 500 in all. */
  async startPairing(ip: string | null): Promise<PairingStart> {
    const secret = randomBytes(SECRET_BYTES).toString('base64url');
    const secretHash = hashToken(secret);
    return this.deps.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [PAIRING_LOCK_KEY]);
      const repo = new DisplayRepository(tx);
      await repo.purgeExpired();
      const waiting = await repo.waiting(ip);
      if (waiting.ofIp >= PAIRINGS_PER_IP || waiting.all >= PAIRINGS_MAX) throw new BusyError('pairingBusy');
      // A million codes and at most 500 waiting: a collision is rare; draw again when one happens.
      for (let attempt = 0; attempt < 20; attempt++) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const expiresAt = await repo.insertPairing({ code, secretHash, ip, ttlMs: PAIRING_TTL_MS });
        if (expiresAt) return { code, secret, expiresAt };
      }
      throw new BusyError('pairingBusy');
    });
  }

  /**
   * The display asks with its secret (public): waiting until an admin pairs the code; then, once,
   * the credential (minted now, only its digest stored, the code deleted); expired for a code past
   * its time, an unknown secret, or a display revoked before it claimed.
   */
  async claim(secret: string): Promise<PairingClaim> {
    const pairing = await this.repo.pairingBySecret(hashToken(secret));
    if (!pairing || !pairing.live) {
      if (pairing) await this.repo.deletePairing(pairing.code);
      return { status: 'expired' };
    }
    if (pairing.displayId === null) return { status: 'waiting', expiresAt: pairing.expiresAt };
    const displayId = pairing.displayId;
    const token = `${DISPLAY_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
    const paired = await this.deps.db.transaction(async (tx) => {
      const repo = new DisplayRepository(tx);
      // The delete is the claim: of two claims at once, one deletes the code and gets the credential.
      if (!(await repo.deletePairing(pairing.code, displayId))) return null;
      return repo.setToken(displayId, hashToken(token));
    });
    if (!paired) return { status: 'expired' };
    return {
      status: 'paired',
      session: {
        kind: 'display',
        id: displayId,
        ent: { id: paired.entId, name: paired.entName },
        auth_token: token,
        client_id: randomUUID(),
        account: `display-${displayId}`,
        nickname: paired.name,
        role: 0,
      },
      layout: layoutOf(paired.layout),
    };
  }

  // --- The admin's side ---------------------------------------------------------------------

  async list(caller: Caller): Promise<{ items: Display[] }> {
    return { items: await this.repo.list(caller.entId) };
  }

  /** Names a display and links the code it shows; the display's next claim takes the credential. */
  async create(caller: Caller, body: Create): Promise<Display> {
    const id = await this.deps.db.transaction(async (tx) => {
      const repo = new DisplayRepository(tx);
      // The enterprise row serialises pairings of one organisation (the quota holds under races).
      await tx.query('select id from enterprises where id = $1 for update', [caller.entId]);
      if (!(await repo.codeWaiting(body.code))) throw ruleError(ServerCode.NotFound, 'pairingCodeUnknown');
      if ((await repo.countLive(caller.entId)) >= DISPLAYS_MAX) {
        throw ruleError(ServerCode.MemberQuotaExceeded, 'displayQuotaExceeded', { max: DISPLAYS_MAX });
      }
      const displayId = await repo.create(caller.entId, body.name, caller.userId);
      // Linked by another admin a moment ago: this one is refused and its display rolled back.
      if (!(await repo.linkPairing(body.code, displayId, PAIRING_TTL_MS))) throw ruleError(ServerCode.NotFound, 'pairingCodeUnknown');
      await writeOperation(tx, caller, OperationType.EnterpriseUpdate, { display: { id: displayId, name: body.name, action: 'pair' } });
      return displayId;
    });
    return (await this.repo.find(caller.entId, id))!;
  }

  /** Renames and/or lays out; a new layout goes to the screen topic, where the display applies it. */
  async update(caller: Caller, id: number, body: Update): Promise<Display> {
    const changes = [...(body.name !== undefined ? ['name'] : []), ...(body.layout !== undefined ? ['layout'] : [])];
    const display = await this.deps.db.transaction(async (tx) => {
      const repo = new DisplayRepository(tx);
      if (!(await repo.update(caller.entId, id, body))) throw notFound('display');
      const d = (await repo.find(caller.entId, id))!;
      await writeOperation(tx, caller, OperationType.EnterpriseUpdate, { display: { id, name: d.name, action: 'update', changes } });
      return d;
    });
    if (body.layout !== undefined) {
      const frame: ScreenLayoutFrame = { displayId: id, layout: display.layout };
      await this.deps.hub.publish(topics.screen(caller.entId), SCREEN_LAYOUT_KIND, frame).catch(() => undefined);
    }
    return display;
  }

  /**
   * Revokes: the row is marked, its code (if it never claimed) deleted, and its sockets close with
   * 4000 on every node (the internal sessionRevoked frame names the credential's digest). Its next
   * request or reconnect is refused like an unknown token.
   */
  async revoke(caller: Caller, id: number): Promise<void> {
    const revoked = await this.deps.db.transaction(async (tx) => {
      const repo = new DisplayRepository(tx);
      const d = await repo.find(caller.entId, id);
      const r = await repo.revoke(caller.entId, id);
      if (!d || !r) throw notFound('display');
      await repo.deletePairingsOf(id);
      await writeOperation(tx, caller, OperationType.EnterpriseUpdate, { display: { id, name: d.name, action: 'revoke' } });
      return r;
    });
    if (revoked.tokenHash) {
      // No reason: the display hears what an unknown token hears (one 10000 frame, close 4000).
      await this.deps.hub
        .publish(INTERNAL_TOPICS.sessionRevoked, 'SessionRevoked', { tokenHash: revoked.tokenHash, reason: null })
        .catch((err: unknown) => this.deps.log.error({ err, displayId: id }, 'display revocation could not be published'));
    }
  }
}

function credentialOf(row: { displayId: number; entId: number; entName: string; tokenHash: string }): DisplayCredential {
  return { displayId: row.displayId, entId: row.entId, entName: row.entName, tokenHash: row.tokenHash };
}
