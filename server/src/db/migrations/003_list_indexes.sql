-- Issue 3: lists at 100,000 users (measured by bench/lists.bench.mjs). Every list page is two
-- statements (db/paging.ts fetchPage): the page, which the sort indexes of 002 already make cheap,
-- and `select count(*) from <the list's from> <where>`, which reads every matching row. These
-- indexes let the counts of user lists read an index instead of the table, and the contains-search
-- (account or nickname ILIKE '%q%') use trigrams instead of reading every user.

-- User list counts: ent_id, role and locked are the filters; id serves the tag and channel
-- filters' semi-joins; dispatcher_id is included because the count keeps the list's
-- `left join users d on d.id = u.dispatcher_id`: the planner drops that join, but still wants
-- the column, so without it no index-only scan is possible.
create index users_ent_role_locked_idx on users (ent_id, role, locked) include (id, dispatcher_id);

-- The tag filter (`exists (... t.user_id = u.id and t.tag = ?)`) does not name ent_id, so
-- user_tags_ent_tag_idx (ent_id, tag) cannot serve it.
create index user_tags_tag_user_idx on user_tags (tag, user_id);

-- Contains-search on users. pg_trgm is a contrib extension: Debian's and most hosted PostgreSQL
-- servers ship it and it is trusted (PostgreSQL 13+: the database owner may create it); PGlite
-- loads it in db/pglite.ts. Searches shorter than three characters still read the table.
create extension if not exists pg_trgm;
create index users_account_trgm_idx on users using gin (account gin_trgm_ops);
create index users_nickname_trgm_idx on users using gin (nickname gin_trgm_ops);
