// The chat bench's data: MESSAGES group messages in the demo enterprise's enterprise channel,
// written straight into the server's embedded database while the server is stopped (the same path
// lists.bench.mjs takes). Through REST it would take 10,000 / (10 per 5 s) = 5,000 s per sender
// (CHAT_SEND_LIMIT): the limit is per sender, so even ten senders need over 8 minutes, and that
// would measure the send limiter, not the chat screen.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

export const ENT = 100001;
export const MESSAGES = 10_000;

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));

export function pgliteVersion() {
  return JSON.parse(readFileSync(path.join(ROOT, 'server', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
}

// Senders take turns; every 7th message is long and every 5th has line breaks, so rows differ in
// height as in a real chat (the list measures each row). Times are one message every 20 s.
const LOAD_SQL = (channelId, chatKey, senders) => `
  insert into messages (ent_id, chat_key, channel_id, from_user_id, type, content, created_at)
  select ${ENT}, '${chatKey}', ${channelId},
         (array[${senders.join(',')}])[1 + (n % ${senders.length})],
         0,
         jsonb_build_object('text',
           'Message ' || n || case
             when n % 7 = 0 then ': ' || repeat('status report from the north gate, all units holding position. ', 4)
             when n % 5 = 0 then E'\\nline two\\nline three'
             else '' end),
         now() - ((${MESSAGES} - n) * interval '20 seconds')
    from generate_series(1, ${MESSAGES}) as n`;

/** Opens the stopped server's PGlite folder and inserts the messages; returns what it wrote. */
export async function loadMessages(dataDir) {
  const { PGlite } = serverRequire('@electric-sql/pglite');
  // The server opens its folder with these extensions (server/src/db/pglite.ts); so must we.
  const { pg_trgm } = serverRequire('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    const channel = (await db.query('select id from channels where ent_id = $1 and is_enterprise', [ENT])).rows[0];
    if (!channel) throw new Error(`enterprise ${ENT} has no enterprise channel`);
    const senders = (await db.query(
      `select u.id from users u join channel_members m on m.user_id = u.id and m.channel_id = $1
        where u.account in ('member1', 'member2', 'member3', 'dispatcher2') order by u.id`, [channel.id])).rows.map((r) => r.id);
    if (senders.length === 0) throw new Error('no demo members on the enterprise channel');
    const chatKey = `${ENT}-1-${channel.id}`;
    const t0 = performance.now();
    await db.exec(`begin; ${LOAD_SQL(channel.id, chatKey, senders)}; commit; analyze messages;`);
    const loadMs = Math.round(performance.now() - t0);
    const { n } = (await db.query('select count(*)::int as n from messages where chat_key = $1', [chatKey])).rows[0];
    return { chatId: chatKey, channelId: channel.id, messages: n, senders: senders.length, loadMs };
  } finally {
    await db.close();
  }
}
