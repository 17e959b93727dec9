import type { Queryable } from '../db/db';

export interface User {
  id: number;
  entId: number;
  account: string;
  nickname: string;
  passwordHash: string;
  role: number;
  locked: boolean;
  avatar: string | null;
}

const USER_COLUMNS = `id, ent_id as "entId", account, nickname, password_hash as "passwordHash", role, locked, avatar`;

export class UserRepository {
  constructor(private readonly db: Queryable) {}

  async findByAccount(entId: number, account: string): Promise<User | null> {
    const r = await this.db.query<User>(`select ${USER_COLUMNS} from users where ent_id = $1 and account = $2`, [
      entId,
      account,
    ]);
    return r.rows[0] ?? null;
  }

  async findById(entId: number, id: number): Promise<User | null> {
    const r = await this.db.query<User>(`select ${USER_COLUMNS} from users where ent_id = $1 and id = $2`, [entId, id]);
    return r.rows[0] ?? null;
  }

  /** Every enterprise's user with this account (login without an organisation id). */
  async findAllByAccount(account: string, limit = 2): Promise<User[]> {
    const r = await this.db.query<User>(`select ${USER_COLUMNS} from users where account = $1 order by id limit $2`, [
      account,
      limit,
    ]);
    return r.rows;
  }
}
