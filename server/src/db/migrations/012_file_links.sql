-- Signed file URLs (issue 15, item 10; ADR 012). Files were fetched with the session token in the
-- URL (`?at=`); now each session has a public link id and a secret file key, given to the client
-- at login, and the client signs each file URL with the key. The key is stored as it is (the
-- server must compute the same HMAC); it opens files of the session's enterprise only, and only
-- while the session is active. Sessions from before this migration have neither until the
-- console asks GET /api/auth/me, which fills them in.
alter table sessions
  add column file_link text,
  add column file_key text;
-- The lookup of every signed request; unique so one link id names one session.
create unique index sessions_file_link_uq on sessions (file_link);
