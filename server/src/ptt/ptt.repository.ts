import { MessageType, chatId, tempChannelChatId } from '@ptt/contracts';
import type { Queryable } from '../db/db';

// SQL of floor control. Every statement names the caller's enterprise or a chat id the service has
// already checked.

/** Chat ids where the user may hold a floor: live channels they are on, open temporary channels they are in. */
export async function pttChatIdsOf(q: Queryable, entId: number, userId: number): Promise<string[]> {
  const r = await q.query<{ kind: number; id: number }>(
    `select 1 as kind, c.id from channel_members cm join channels c on c.id = cm.channel_id
      where cm.user_id = $2 and c.ent_id = $1 and c.disbanded_at is null and c.enabled
     union all
     select 2, t.id from temp_channels t join temp_channel_members m on m.temp_channel_id = t.id
      where t.ent_id = $1 and m.user_id = $2 and t.closed_at is null`,
    [entId, userId],
  );
  return r.rows.map((row) => (Number(row.kind) === 1 ? chatId(entId, Number(row.id)) : tempChannelChatId(entId, Number(row.id))));
}

/** Ids of a channel chat's latest PTT messages, newest first. */
export async function recentBurstIds(q: Queryable, chatKey: string, limit: number): Promise<number[]> {
  const r = await q.query<{ id: number }>('select id from messages where chat_key = $1 and type = $2 order by id desc limit $3', [
    chatKey,
    MessageType.Ptt,
    limit,
  ]);
  return r.rows.map((row) => Number(row.id));
}

/** The recorded WAV is stored as what it is (the sniffer would say audio/vnd.wave, which some
 *  players do not take). */
export async function markWav(q: Queryable, fileId: string): Promise<void> {
  await markAudio(q, fileId, 'wav');
}

/** Sets a stored burst's mime from the recording's format (the VideoRoom path writes Ogg Opus). */
export async function markAudio(q: Queryable, fileId: string, format: 'wav' | 'ogg'): Promise<void> {
  await q.query('update files set mime = $2 where id = $1', [fileId, format === 'ogg' ? 'audio/ogg' : 'audio/wav']);
}
