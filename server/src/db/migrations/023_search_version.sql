-- Issue 17, acceptance 4 (ADR 021, second addendum). A number that changes whenever the set of an
-- enterprise's users, or any of their accounts or nicknames, changes: what a search of its users
-- could match. A node keeps the sorted matches of a recent member search keyed by this number
-- (channels/match-cache.ts) and asks for it in the same statement as each page, so a page of the
-- same search costs 20 membership probes instead of reading every matching user again, and a
-- changed user is seen by the next request on every node.
alter table enterprises add column search_version bigint not null default 0;

create or replace function users_counted_in() returns trigger language plpgsql as $$
begin
  update enterprises e set user_count = e.user_count + a.n, search_version = e.search_version + 1
    from (select ent_id, count(*)::int as n from added group by ent_id) a
   where e.id = a.ent_id;
  return null;
end $$;

create or replace function users_counted_out() returns trigger language plpgsql as $$
begin
  update enterprises e set user_count = e.user_count - r.n, search_version = e.search_version + 1
    from (select ent_id, count(*)::int as n from removed group by ent_id) r
   where e.id = r.ent_id;
  return null;
end $$;

-- Renames are rare and one at a time (a bulk import inserts): a row trigger that only runs when
-- the account or nickname really changed, so locks, roles and tags bump nothing.
create function users_search_changed() returns trigger language plpgsql as $$
begin
  update enterprises set search_version = search_version + 1 where id = new.ent_id;
  return null;
end $$;

create trigger users_search_changed after update of account, nickname on users
  for each row when (old.account is distinct from new.account or old.nickname is distinct from new.nickname)
  execute function users_search_changed();
