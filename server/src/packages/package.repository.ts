import type { ClientPackage, Page, Platform } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { Where, fetchPage } from '../db/paging';
import { iso } from '../db/sql';
import { fileUrl } from '../files/file-store';

// Serialises the package changes of one enterprise (upload, mark current, delete), so "the first
// package becomes current" and "exactly one current" hold under concurrent requests.
const PACKAGE_LOCK_NAMESPACE = 72_616_010;

const COLUMNS = `p.id, p.platform, p.version, p.notes, p.is_current as current, p.file_id as "fileId",
  f.name as "fileName", f.size,
  case when u.id is null then null
       else json_build_object('uid', u.id, 'account', u.account, 'nickname', u.nickname) end as uploader,
  ${iso('p.created_at')} as "createdAt"`;
const FROM = `client_packages p
  join files f on f.id = p.file_id
  left join users u on u.id = p.uploader_id`;

type Row = Omit<ClientPackage, 'url'>;

function withUrl(row: Row): ClientPackage {
  return { ...row, url: fileUrl(row.fileId) };
}

export class PackageRepository {
  constructor(private readonly db: Queryable) {}

  /** Takes the enterprise's package lock until the transaction `q` ends. */
  async lock(q: Queryable, entId: number): Promise<void> {
    await q.query('select pg_advisory_xact_lock($1, $2)', [PACKAGE_LOCK_NAMESPACE, entId]);
  }

  async list(entId: number, filter: { platform?: Platform; page: number; size: number }): Promise<Page<ClientPackage>> {
    const where = new Where().add('p.ent_id = ?', entId);
    if (filter.platform) where.add('p.platform = ?', filter.platform);
    const page = await fetchPage<Row>(this.db, {
      columns: COLUMNS,
      from: FROM,
      where,
      sortColumns: { createdAt: 'p.created_at' },
      tieBreak: 'p.id',
      page: { page: filter.page, size: filter.size, sort: 'createdAt', order: 'desc' },
    });
    return { ...page, items: page.items.map(withUrl) };
  }

  async find(entId: number, id: number, q: Queryable = this.db): Promise<ClientPackage | null> {
    const r = await q.query<Row>(`select ${COLUMNS} from ${FROM} where p.ent_id = $1 and p.id = $2`, [entId, id]);
    return r.rows[0] ? withUrl(r.rows[0]) : null;
  }

  async current(entId: number, platform: Platform): Promise<ClientPackage | null> {
    const r = await this.db.query<Row>(`select ${COLUMNS} from ${FROM} where p.ent_id = $1 and p.platform = $2 and p.is_current`, [
      entId,
      platform,
    ]);
    return r.rows[0] ? withUrl(r.rows[0]) : null;
  }

  async versionExists(entId: number, platform: Platform, version: string, q: Queryable = this.db): Promise<boolean> {
    const r = await q.query('select 1 from client_packages where ent_id = $1 and platform = $2 and version = $3', [entId, platform, version]);
    return r.rows.length > 0;
  }

  async hasCurrent(q: Queryable, entId: number, platform: Platform): Promise<boolean> {
    const r = await q.query('select 1 from client_packages where ent_id = $1 and platform = $2 and is_current', [entId, platform]);
    return r.rows.length > 0;
  }

  async insert(
    q: Queryable,
    p: { entId: number; platform: Platform; version: string; notes: string; fileId: string; uploaderId: number; current: boolean },
  ): Promise<number> {
    const r = await q.query<{ id: number }>(
      `insert into client_packages (ent_id, platform, version, notes, file_id, uploader_id, is_current)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [p.entId, p.platform, p.version, p.notes, p.fileId, p.uploaderId, p.current],
    );
    return r.rows[0]!.id;
  }

  /** Clears the platform's current flag and sets it on `id`: one transaction, so devices never see
   *  two current packages or none in between. */
  async makeCurrent(q: Queryable, entId: number, platform: Platform, id: number): Promise<void> {
    await q.query('update client_packages set is_current = false where ent_id = $1 and platform = $2 and is_current and id <> $3', [
      entId,
      platform,
      id,
    ]);
    await q.query('update client_packages set is_current = true where ent_id = $1 and id = $2', [entId, id]);
  }

  async remove(q: Queryable, entId: number, id: number): Promise<void> {
    await q.query('delete from client_packages where ent_id = $1 and id = $2', [entId, id]);
  }

  async removeFileRow(q: Queryable, entId: number, fileId: string): Promise<void> {
    await q.query('delete from files where ent_id = $1 and id = $2', [entId, fileId]);
  }

  async maxFileBytes(entId: number): Promise<number> {
    const r = await this.db.query<{ max: number }>('select max_file_bytes as max from enterprises where id = $1', [entId]);
    return r.rows[0]?.max ?? 0;
  }
}
