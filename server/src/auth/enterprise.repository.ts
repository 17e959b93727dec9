import type { Queryable } from '../db/db';

export interface Enterprise {
  id: number;
  name: string;
  validUntil: Date;
}

export class EnterpriseRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: number): Promise<Enterprise | null> {
    const r = await this.db.query<Enterprise>(
      'select id, name, valid_until as "validUntil" from enterprises where id = $1',
      [id],
    );
    return r.rows[0] ?? null;
  }
}
