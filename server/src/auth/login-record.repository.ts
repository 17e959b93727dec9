import type { Queryable } from '../db/db';

export interface NewLoginRecord {
  entId: number;
  userId: number;
  device: string | null;
  ip: string | null;
}

export class LoginRecordRepository {
  constructor(private readonly db: Queryable) {}

  async add(r: NewLoginRecord): Promise<void> {
    await this.db.query('insert into login_records (ent_id, user_id, device, ip) values ($1, $2, $3, $4)', [
      r.entId,
      r.userId,
      r.device,
      r.ip,
    ]);
  }
}
