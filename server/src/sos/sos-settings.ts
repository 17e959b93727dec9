import { OperationType, ServerCode, type SosSettings, type updateSosSettingsSchema } from '@ptt/contracts';
import type { z } from 'zod';
import { writeOperation } from '../audit/operation-log';
import type { Db, Queryable } from '../db/db';
import { notFound, ruleError, type Caller } from '../http/caller';

type Update = z.output<typeof updateSosSettingsSchema>;

/** How long a node trusts its copy of an organisation's embedding origins. Another node's change
 *  shows here within this; this node's own change at once. */
const ORIGINS_TTL_MS = 5_000;
const ORIGINS_CACHE_PRUNE_AT = 1_000;

async function readSettings(q: Queryable, entId: number): Promise<SosSettings | null> {
  const r = await q.query<{ escalateAfterS: number; embedOrigins: string[] }>(
    'select sos_escalate_after_s as "escalateAfterS", embed_origins as "embedOrigins" from enterprises where id = $1',
    [entId],
  );
  return r.rows[0] ?? null;
}

/**
 * The organisation's SOS handling (ADR 025): escalation time and the origins that may embed the
 * SOS page. The origins are read on every request of the embedded page (CSP) and every hand-off,
 * so they are kept in memory for a few seconds.
 */
export class SosSettingsService {
  private readonly origins = new Map<number, { list: string[]; until: number }>();

  constructor(private readonly db: Db) {}

  async read(caller: Caller): Promise<SosSettings> {
    const settings = await readSettings(this.db, caller.entId);
    if (!settings) throw notFound('enterprise');
    return settings;
  }

  async update(caller: Caller, body: Update): Promise<SosSettings> {
    const changes: [string, unknown][] = [];
    if (body.escalateAfterS !== undefined) changes.push(['sos_escalate_after_s', body.escalateAfterS]);
    if (body.embedOrigins !== undefined) changes.push(['embed_origins', JSON.stringify(body.embedOrigins)]);
    if (changes.length === 0) return this.read(caller);
    const settings = await this.db.transaction(async (tx) => {
      const set = changes.map(([column], i) => `${column} = $${i + 2}${column === 'embed_origins' ? '::jsonb' : ''}`).join(', ');
      await tx.query(`update enterprises set ${set} where id = $1`, [caller.entId, ...changes.map(([, v]) => v as string | number)]);
      await writeOperation(tx, caller, OperationType.EnterpriseUpdate, {
        changes: [...(body.escalateAfterS !== undefined ? ['sosEscalateAfterS'] : []), ...(body.embedOrigins !== undefined ? ['embedOrigins'] : [])],
      });
      return (await readSettings(tx, caller.entId))!;
    });
    this.origins.delete(caller.entId);
    return settings;
  }

  /** The origins allowed to embed this organisation's SOS page; none for an unknown one. */
  async embedOrigins(entId: number): Promise<string[]> {
    const now = Date.now();
    const cached = this.origins.get(entId);
    if (cached && cached.until > now) return cached.list;
    const settings = await readSettings(this.db, entId);
    // Unknown ids (anyone may put any ?ent= on the page's URL) are not kept: the map holds real
    // organisations only, and expired ones are dropped once it grows.
    if (!settings) return [];
    if (this.origins.size >= ORIGINS_CACHE_PRUNE_AT) {
      for (const [id, entry] of this.origins) if (entry.until <= now) this.origins.delete(id);
    }
    this.origins.set(entId, { list: settings.embedOrigins, until: now + ORIGINS_TTL_MS });
    return settings.embedOrigins;
  }

  /** 2001 'rule.embedOriginNotAllowed' unless `origin` is on the caller's organisation's list. */
  async requireEmbedOrigin(caller: Caller, origin: string): Promise<void> {
    if (!(await this.embedOrigins(caller.entId)).includes(origin)) {
      throw ruleError(ServerCode.InsufficientPermissions, 'embedOriginNotAllowed');
    }
  }
}
