import type { WatchedChannel } from '@ptt/contracts';
import type { Queryable, SqlParam } from '../db/db';

/**
 * The caller's watched channels in list order, keeping only those they may still talk in: the
 * channel is of their enterprise, enabled, not disbanded, and they are a member. The same test as
 * `pttAccess` (server/src/ptt/ptt-access.ts) for a channel's chat id, done in one query.
 */
export async function listUsable(q: Queryable, entId: number, userId: number): Promise<WatchedChannel[]> {
  const r = await q.query<WatchedChannel>(
    `select w.channel_id as "channelId", w.volume, w.muted, w.pan, w.priority
       from watched_channels w
       join channels c on c.id = w.channel_id and c.ent_id = $1
      where w.user_id = $2 and c.enabled and c.disbanded_at is null
        and exists (select 1 from channel_members cm where cm.channel_id = c.id and cm.user_id = $2)
      order by w.position`,
    [entId, userId],
  );
  return r.rows.map((row) => ({ ...row, channelId: Number(row.channelId), volume: Number(row.volume), priority: Boolean(row.priority) }));
}

/** Replaces the user's whole list (call inside the caller's transaction). */
export async function replaceAll(q: Queryable, userId: number, channels: readonly WatchedChannel[]): Promise<void> {
  await q.query('delete from watched_channels where user_id = $1', [userId]);
  if (channels.length === 0) return;
  const values: SqlParam[] = [userId];
  const rows = channels.map((c, i) => {
    values.push(c.channelId, i, c.volume, c.muted, c.pan, c.priority);
    const b = values.length - 6;
    return `($1, $${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`;
  });
  await q.query(`insert into watched_channels (user_id, channel_id, position, volume, muted, pan, priority) values ${rows.join(', ')}`, values);
}
