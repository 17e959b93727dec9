-- Issue 17, acceptance 4 (ADR 021 addendum). The number of users of each enterprise, kept by
-- statement triggers the way channels.member_count is (migration 013). With both counts, a
-- channel's non-members number user_count - member_count without reading either table: when that
-- gap is small (the enterprise channel holds nearly everyone), a search of the channel's members
-- needs no membership test per matching user to know that more than 1,000 of them are members.
alter table enterprises add column user_count integer not null default 0;
update enterprises e set user_count = (select count(*)::int from users u where u.ent_id = e.id);

create function users_counted_in() returns trigger language plpgsql as $$
begin
  update enterprises e set user_count = e.user_count + a.n
    from (select ent_id, count(*)::int as n from added group by ent_id) a
   where e.id = a.ent_id;
  return null;
end $$;

create function users_counted_out() returns trigger language plpgsql as $$
begin
  update enterprises e set user_count = e.user_count - r.n
    from (select ent_id, count(*)::int as n from removed group by ent_id) r
   where e.id = r.ent_id;
  return null;
end $$;

-- A user never moves to another enterprise: refused here rather than counted, so that ordinary
-- user updates (locks, nicknames, imports) build no transition tables.
create function users_ent_fixed() returns trigger language plpgsql as $$
begin
  if new.ent_id <> old.ent_id then
    raise exception 'a user cannot move to another enterprise';
  end if;
  return new;
end $$;

create trigger users_count_insert after insert on users
  referencing new table as added for each statement execute function users_counted_in();
create trigger users_count_delete after delete on users
  referencing old table as removed for each statement execute function users_counted_out();
create trigger users_ent_fixed before update of ent_id on users
  for each row execute function users_ent_fixed();

-- One text to search per user: account and nickname, lower-cased, with a separator no search
-- term holds (member-search.ts strips it). `search like '%term%'` then tests one string per
-- matching user where `account ilike ... or nickname ilike ...` lower-cased and tested two; at
-- 5,000 matches that is a third of the search's time. The per-column indexes stay for the
-- searches of one column (devices by account).
alter table users add column search text generated always as (lower(account) || chr(1) || lower(nickname)) stored;
create index users_search_trgm_idx on users using gin (search gin_trgm_ops);
