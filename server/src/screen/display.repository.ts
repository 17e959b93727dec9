import { DEFAULT_SCREEN_LAYOUT, screenLayoutSchema, type Display, type ScreenLayout } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { iso } from '../db/sql';

// SQL of the large screen's displays and pairing codes (ADR 026). Every statement about displays
// names the enterprise, but the credential lookup (the token is the key) and the pairing codes,
// which belong to no enterprise until an admin links one.

/** A display counts as online while its socket stamped `last_seen_at` this recently (every 60 s). */
export const DISPLAY_ONLINE_WITHIN_S = 90;

interface DisplayRow {
  id: number;
  name: string;
  layout: unknown;
  createdAt: string;
  createdById: number | null;
  createdByNickname: string | null;
  pairedAt: string | null;
  lastSeenAt: string | null;
  online: boolean;
}

const COLUMNS = `d.id, d.name, d.layout, ${iso('d.created_at')} as "createdAt", d.created_by as "createdById",
  u.nickname as "createdByNickname", ${iso('d.paired_at')} as "pairedAt", ${iso('d.last_seen_at')} as "lastSeenAt",
  coalesce(d.last_seen_at > now() - interval '${DISPLAY_ONLINE_WITHIN_S} seconds', false) as online`;
const FROM = 'screen_displays d left join users u on u.id = d.created_by';

/** A stored layout that no longer parses (an older panel set) falls back to the default. */
export function layoutOf(value: unknown): ScreenLayout {
  const parsed = screenLayoutSchema.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
  return parsed.success ? parsed.data : DEFAULT_SCREEN_LAYOUT;
}

function toDisplay(r: DisplayRow): Display {
  return {
    id: r.id,
    name: r.name,
    layout: layoutOf(r.layout),
    createdAt: r.createdAt,
    createdBy: r.createdById === null ? null : { id: r.createdById, nickname: r.createdByNickname ?? '' },
    pairedAt: r.pairedAt,
    lastSeenAt: r.lastSeenAt,
    online: r.online,
  };
}

/** A live credential's display, as the screen routes and the socket need it. */
export interface CredentialRow {
  displayId: number;
  entId: number;
  entName: string;
  name: string;
  layout: unknown;
  tokenHash: string;
  /** Seconds since its last stamp (null: never). */
  seenAgoS: number | null;
}

export interface PairingRow {
  code: string;
  expiresAt: string;
  displayId: number | null;
  live: boolean;
}

export class DisplayRepository {
  constructor(private readonly db: Queryable) {}

  /** Live displays (not revoked) of the enterprise, oldest first. */
  async list(entId: number): Promise<Display[]> {
    const r = await this.db.query<DisplayRow>(`select ${COLUMNS} from ${FROM} where d.ent_id = $1 and d.revoked_at is null order by d.id`, [entId]);
    return r.rows.map(toDisplay);
  }

  async find(entId: number, id: number): Promise<Display | null> {
    const r = await this.db.query<DisplayRow>(`select ${COLUMNS} from ${FROM} where d.ent_id = $1 and d.id = $2 and d.revoked_at is null`, [entId, id]);
    const row = r.rows[0];
    return row ? toDisplay(row) : null;
  }

  async countLive(entId: number): Promise<number> {
    const r = await this.db.query<{ n: number }>('select count(*)::int as n from screen_displays where ent_id = $1 and revoked_at is null', [entId]);
    return Number(r.rows[0]?.n ?? 0);
  }

  async create(entId: number, name: string, createdBy: number): Promise<number> {
    const r = await this.db.query<{ id: number }>(
      'insert into screen_displays (ent_id, name, layout, created_by) values ($1, $2, $3::jsonb, $4) returning id',
      [entId, name, JSON.stringify(DEFAULT_SCREEN_LAYOUT), createdBy],
    );
    return Number(r.rows[0]!.id);
  }

  /** Renames and/or lays out a live display; false when there is none with that id here. */
  async update(entId: number, id: number, changes: { name?: string; layout?: ScreenLayout }): Promise<boolean> {
    const r = await this.db.query(
      `update screen_displays set name = coalesce($3, name), layout = coalesce($4::jsonb, layout)
        where ent_id = $1 and id = $2 and revoked_at is null returning id`,
      [entId, id, changes.name ?? null, changes.layout ? JSON.stringify(changes.layout) : null],
    );
    return r.rows.length > 0;
  }

  /** Marks a live display revoked; its credential's digest (null if it never claimed one), or
   *  undefined when there is no live display with that id here. */
  async revoke(entId: number, id: number): Promise<{ tokenHash: string | null } | undefined> {
    const r = await this.db.query<{ tokenHash: string | null }>(
      `update screen_displays set revoked_at = now() where ent_id = $1 and id = $2 and revoked_at is null returning token_hash as "tokenHash"`,
      [entId, id],
    );
    return r.rows[0];
  }

  /** The live, paired display behind a credential's digest (its enterprise still valid). */
  async findByToken(tokenHash: string): Promise<CredentialRow | null> {
    const r = await this.db.query<CredentialRow>(
      `select d.id as "displayId", d.ent_id as "entId", e.name as "entName", d.name, d.layout, d.token_hash as "tokenHash",
              extract(epoch from (now() - d.last_seen_at))::float8 as "seenAgoS"
         from screen_displays d join enterprises e on e.id = d.ent_id
        where d.token_hash = $1 and d.revoked_at is null and d.paired_at is not null and e.valid_until > now()`,
      [tokenHash],
    );
    const row = r.rows[0];
    return row ? { ...row, displayId: Number(row.displayId), entId: Number(row.entId), seenAgoS: row.seenAgoS === null ? null : Number(row.seenAgoS) } : null;
  }

  async touch(id: number): Promise<void> {
    await this.db.query('update screen_displays set last_seen_at = now() where id = $1 and revoked_at is null', [id]);
  }

  /** Stores the credential's digest on a display an admin paired (not revoked, not yet claimed). */
  async setToken(id: number, tokenHash: string): Promise<{ entId: number; entName: string; name: string; layout: unknown } | null> {
    const r = await this.db.query<{ entId: number; entName: string; name: string; layout: unknown }>(
      `update screen_displays d set token_hash = $2, paired_at = now(), last_seen_at = now()
         from enterprises e
        where d.id = $1 and e.id = d.ent_id and d.revoked_at is null and d.token_hash is null
        returning d.ent_id as "entId", e.name as "entName", d.name, d.layout`,
      [id, tokenHash],
    );
    const row = r.rows[0];
    return row ? { ...row, entId: Number(row.entId) } : null;
  }

  // --- Pairing codes ------------------------------------------------------------------------

  /** Drops codes past their time (a linked code is kept until its display claims or it expires too). */
  async purgeExpired(): Promise<void> {
    await this.db.query('delete from screen_pairings where expires_at <= now()');
  }

  /** Waiting codes (not linked yet) of one address, and of everyone. */
  async waiting(ip: string | null): Promise<{ ofIp: number; all: number }> {
    const r = await this.db.query<{ ofIp: number; all: number }>(
      `select count(*) filter (where ip is not distinct from $1)::int as "ofIp", count(*)::int as "all"
         from screen_pairings where display_id is null`,
      [ip],
    );
    return { ofIp: Number(r.rows[0]?.ofIp ?? 0), all: Number(r.rows[0]?.all ?? 0) };
  }

  /** A new code; false when the code is taken already (the caller draws another). */
  async insertPairing(p: { code: string; secretHash: string; ip: string | null; ttlMs: number }): Promise<string | null> {
    const r = await this.db.query<{ expiresAt: string }>(
      `insert into screen_pairings (code, secret_hash, ip, expires_at)
       values ($1, $2, $3, now() + ($4::double precision / 1000) * interval '1 second')
       on conflict do nothing returning ${iso('expires_at')} as "expiresAt"`,
      [p.code, p.secretHash, p.ip, p.ttlMs],
    );
    return r.rows[0]?.expiresAt ?? null;
  }

  async pairingBySecret(secretHash: string): Promise<PairingRow | null> {
    const r = await this.db.query<PairingRow>(
      `select code, ${iso('expires_at')} as "expiresAt", display_id as "displayId", expires_at > now() as live
         from screen_pairings where secret_hash = $1`,
      [secretHash],
    );
    const row = r.rows[0];
    return row ? { ...row, displayId: row.displayId === null ? null : Number(row.displayId) } : null;
  }

  /** Links a waiting, unexpired code to a display and gives the display the code's full time to
   *  claim from now; false for an unknown, expired or already linked code. Locks the row. */
  async linkPairing(code: string, displayId: number, ttlMs: number): Promise<boolean> {
    const r = await this.db.query(
      `update screen_pairings set display_id = $2, expires_at = now() + ($3::double precision / 1000) * interval '1 second'
        where code = $1 and display_id is null and expires_at > now() returning code`,
      [code, displayId, ttlMs],
    );
    return r.rows.length > 0;
  }

  /** Whether a waiting, unexpired code exists (read before the display is made). */
  async codeWaiting(code: string): Promise<boolean> {
    const r = await this.db.query('select 1 from screen_pairings where code = $1 and display_id is null and expires_at > now()', [code]);
    return r.rows.length > 0;
  }

  /** Deletes a code; true for the one statement that did (a claim is answered once). */
  async deletePairing(code: string, displayId?: number): Promise<boolean> {
    const r =
      displayId === undefined
        ? await this.db.query('delete from screen_pairings where code = $1 returning code', [code])
        : await this.db.query('delete from screen_pairings where code = $1 and display_id = $2 returning code', [code, displayId]);
    return r.rows.length > 0;
  }

  async deletePairingsOf(displayId: number): Promise<void> {
    await this.db.query('delete from screen_pairings where display_id = $1', [displayId]);
  }
}
