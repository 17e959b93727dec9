-- Issue 17, acceptance 4: every list of the management screens at 100,000 users and 10,000
-- devices (bench/lists.bench.mjs, ADR 019). The same text runs on PostgreSQL and PGlite.

-- Member counts kept on the channel. The channel list counted each listed channel's members on
-- every request: the enterprise channel holds every member, so one page read 100,000 index entries.
-- Statement triggers with transition tables add and subtract once per statement, so a bulk insert
-- (an import, a new channel's members) updates each channel row once, not once per member.
alter table channels add column member_count integer not null default 0;
update channels c set member_count = (select count(*)::int from channel_members m where m.channel_id = c.id);

create function channel_members_counted_in() returns trigger language plpgsql as $$
begin
  update channels c set member_count = c.member_count + a.n
    from (select channel_id, count(*)::int as n from added group by channel_id) a
   where c.id = a.channel_id;
  return null;
end $$;

create function channel_members_counted_out() returns trigger language plpgsql as $$
begin
  update channels c set member_count = c.member_count - r.n
    from (select channel_id, count(*)::int as n from removed group by channel_id) r
   where c.id = r.channel_id;
  return null;
end $$;

-- A membership never moves to another channel (no statement sets channel_id), but if one did the
-- counts would follow.
create function channel_members_counted_moved() returns trigger language plpgsql as $$
begin
  update channels c set member_count = c.member_count + d.n
    from (select channel_id, sum(n)::int as n from (
            select channel_id, 1 as n from added union all select channel_id, -1 from removed) x
          group by channel_id) d
   where c.id = d.channel_id and d.n <> 0;
  return null;
end $$;

create trigger channel_members_count_insert after insert on channel_members
  referencing new table as added for each statement execute function channel_members_counted_in();
create trigger channel_members_count_delete after delete on channel_members
  referencing old table as removed for each statement execute function channel_members_counted_out();
create trigger channel_members_count_update after update on channel_members
  referencing old table as removed new table as added for each statement execute function channel_members_counted_moved();

-- Device search: trigram indexes on every column the search reads, so each arm of its OR is an
-- index and the planner ORs the bitmaps instead of reading every device (1-2 ms -> 0.1 ms).
create index devices_name_trgm_idx on devices using gin (name gin_trgm_ops);
create index devices_imei_trgm_idx on devices using gin (imei gin_trgm_ops);
create index devices_mac_trgm_idx on devices using gin (mac gin_trgm_ops);

-- Device sorts: an index in each sort order (with the id tie-break) reads one page's rows;
-- without it every device of the enterprise was joined to its users and then sorted.
create index devices_ent_platform_idx on devices (ent_id, platform, id);
create index devices_ent_status_id_idx on devices (ent_id, status, id);
create index devices_ent_active_idx on devices (ent_id, active, id);
create index devices_ent_activated_idx on devices (ent_id, activated_at, id);
create index devices_ent_created_idx on devices (ent_id, created_at, id);

-- Device list sorted by the bound account: lower(account) of the device's user, kept on the device
-- row by triggers, with an index in that order. Sorting by the joined users.account joined every
-- device of the enterprise to its user before the sort (10,000 devices: 20-60 ms a page).
alter table devices add column bound_account text;
update devices d set bound_account = lower(u.account) from users u where u.id = d.user_id;

create function devices_bound_account() returns trigger language plpgsql as $$
begin
  new.bound_account := (select lower(u.account) from users u where u.id = new.user_id);
  return new;
end $$;
-- Also fires for the `set null` of a deleted user (the foreign key's action is an UPDATE).
create trigger devices_bound_account before insert or update of user_id on devices
  for each row execute function devices_bound_account();

-- Accounts are not renamed today; if one ever is, its device follows.
create function users_account_to_devices() returns trigger language plpgsql as $$
begin
  update devices set bound_account = lower(new.account) where user_id = new.id;
  return null;
end $$;
create trigger users_account_to_devices after update of account on users
  for each row when (old.account is distinct from new.account) execute function users_account_to_devices();

create index devices_ent_bound_account_idx on devices (ent_id, bound_account, id);

-- Channel member sorts, likewise (the enterprise channel has every member); account and nickname
-- sort through users' (ent_id, lower(...)) indexes.
create index channel_members_role_idx on channel_members (channel_id, role, user_id);
create index channel_members_level_idx on channel_members (channel_id, level, user_id);
create index channel_members_joined_idx on channel_members (channel_id, created_at, user_id);
