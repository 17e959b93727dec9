-- Issue 24, acceptance 3 (ADR 029 addendum): a daily roll-up of patrol records, so the dashboard
-- reads one row per organisation day and task (and per member) instead of every run and check-in
-- in its range. Days are organisation days: the date in the organisation's time zone of a run's
-- planned start and of a check-in's time, as the dashboard counted them. Kept by triggers
-- (per statement with transition tables; per changed row for run updates) in the transaction of every change, whoever makes it: check-ins,
-- the tick, deletions, cascades (a task's runs, a user's check-ins), set-based loads. A change of
-- the organisation's time zone rebuilds its rows.

-- Runs by planned start and check-ins by time, per organisation day and task (task 0: check-ins
-- that counted for no run, 'repeat' and 'unplanned').
create table patrol_daily (
  ent_id integer not null references enterprises (id) on delete cascade,
  day date not null,
  task_id integer not null,
  runs integer not null default 0,
  complete integer not null default 0,
  incomplete integer not null default 0,
  missed_runs integer not null default 0,
  active integer not null default 0,
  -- Missed stops of those runs, and runs with a duration flag.
  missed integer not null default 0,
  flagged integer not null default 0,
  checkins integer not null default 0,
  on_time integer not null default 0,
  early integer not null default 0,
  late integer not null default 0,
  primary key (ent_id, day, task_id)
);

-- Check-ins per organisation day, member and task (the dashboard's top members).
create table patrol_daily_members (
  ent_id integer not null references enterprises (id) on delete cascade,
  day date not null,
  user_id integer not null,
  task_id integer not null,
  checkins integer not null default 0,
  on_time integer not null default 0,
  early integer not null default 0,
  late integer not null default 0,
  primary key (ent_id, day, user_id, task_id)
);

-- Adds signed run rows (n = 1 added, -1 removed) to the roll-up. The organisation's row is read
-- for its time zone: when the organisation itself is being deleted nothing is added (its roll-up
-- rows go with it).
create function patrol_daily_add_runs(delta jsonb) returns void language sql as $$
  insert into patrol_daily as d (ent_id, day, task_id, runs, complete, incomplete, missed_runs, active, missed, flagged)
  select x.ent_id, (x.planned_start at time zone e.time_zone)::date, x.task_id, sum(x.n),
         coalesce(sum(x.n) filter (where x.status = 'complete'), 0), coalesce(sum(x.n) filter (where x.status = 'incomplete'), 0),
         coalesce(sum(x.n) filter (where x.status = 'missed'), 0), coalesce(sum(x.n) filter (where x.status = 'active'), 0),
         sum(x.n * x.missed), coalesce(sum(x.n) filter (where x.flag is not null), 0)
    from jsonb_to_recordset(delta) as x(n int, ent_id int, task_id int, planned_start timestamptz, status text, missed int, flag text)
    join enterprises e on e.id = x.ent_id
   group by 1, 2, 3
  on conflict (ent_id, day, task_id) do update set
    runs = d.runs + excluded.runs,
    complete = d.complete + excluded.complete,
    incomplete = d.incomplete + excluded.incomplete,
    missed_runs = d.missed_runs + excluded.missed_runs,
    active = d.active + excluded.active,
    missed = d.missed + excluded.missed,
    flagged = d.flagged + excluded.flagged
$$;

create function patrol_daily_add_checkins(delta jsonb) returns void language sql as $$
  with x as (
    select x.n, x.ent_id, (x.checked_at at time zone e.time_zone)::date as day, coalesce(x.task_id, 0) as task_id, x.user_id, x.result
      from jsonb_to_recordset(delta) as x(n int, ent_id int, task_id int, user_id int, checked_at timestamptz, result text)
      join enterprises e on e.id = x.ent_id
  ), days as (
    insert into patrol_daily as d (ent_id, day, task_id, checkins, on_time, early, late)
    select ent_id, day, task_id, sum(n), coalesce(sum(n) filter (where result = 'onTime'), 0),
           coalesce(sum(n) filter (where result = 'early'), 0), coalesce(sum(n) filter (where result = 'late'), 0)
      from x group by 1, 2, 3
    on conflict (ent_id, day, task_id) do update set
      checkins = d.checkins + excluded.checkins, on_time = d.on_time + excluded.on_time, early = d.early + excluded.early, late = d.late + excluded.late
  )
  insert into patrol_daily_members as m (ent_id, day, user_id, task_id, checkins, on_time, early, late)
  select ent_id, day, user_id, task_id, sum(n), coalesce(sum(n) filter (where result = 'onTime'), 0),
         coalesce(sum(n) filter (where result = 'early'), 0), coalesce(sum(n) filter (where result = 'late'), 0)
    from x group by 1, 2, 3, 4
  on conflict (ent_id, day, user_id, task_id) do update set
    checkins = m.checkins + excluded.checkins, on_time = m.on_time + excluded.on_time, early = m.early + excluded.early, late = m.late + excluded.late
$$;

create function patrol_runs_rolled() returns trigger language plpgsql as $$
declare
  delta jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('n', 1, 'ent_id', ent_id, 'task_id', task_id, 'planned_start', planned_start, 'status', status, 'missed', missed, 'flag', flag)) into delta from added;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('n', -1, 'ent_id', ent_id, 'task_id', task_id, 'planned_start', planned_start, 'status', status, 'missed', missed, 'flag', flag)) into delta from removed;
  end if;
  if delta is not null then perform patrol_daily_add_runs(delta); end if;
  return null;
end $$;

-- A run's counted columns changed. Per row, with the test in the trigger's `when`: each check-in
-- rewrites its run's counters, mostly to the same status and missed count, and then no function
-- runs at all.
create function patrol_run_changed() returns trigger language plpgsql as $$
begin
  perform patrol_daily_add_runs(jsonb_build_array(
    jsonb_build_object('n', -1, 'ent_id', old.ent_id, 'task_id', old.task_id, 'planned_start', old.planned_start, 'status', old.status, 'missed', old.missed, 'flag', old.flag),
    jsonb_build_object('n', 1, 'ent_id', new.ent_id, 'task_id', new.task_id, 'planned_start', new.planned_start, 'status', new.status, 'missed', new.missed, 'flag', new.flag)));
  return null;
end $$;

create function patrol_checkins_rolled() returns trigger language plpgsql as $$
declare
  delta jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('n', 1, 'ent_id', ent_id, 'task_id', task_id, 'user_id', user_id, 'checked_at', checked_at, 'result', result)) into delta from added;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('n', -1, 'ent_id', ent_id, 'task_id', task_id, 'user_id', user_id, 'checked_at', checked_at, 'result', result)) into delta from removed;
  else
    select jsonb_agg(v) into delta from (
      select jsonb_build_object('n', -1, 'ent_id', ent_id, 'task_id', task_id, 'user_id', user_id, 'checked_at', checked_at, 'result', result) as v from removed
      union all
      select jsonb_build_object('n', 1, 'ent_id', ent_id, 'task_id', task_id, 'user_id', user_id, 'checked_at', checked_at, 'result', result) from added
    ) c;
  end if;
  if delta is not null then perform patrol_daily_add_checkins(delta); end if;
  return null;
end $$;

create trigger patrol_runs_rolled_in after insert on patrol_runs referencing new table as added for each statement execute function patrol_runs_rolled();
create trigger patrol_runs_rolled_out after delete on patrol_runs referencing old table as removed for each statement execute function patrol_runs_rolled();
create trigger patrol_runs_rolled_up after update on patrol_runs for each row
  when ((old.ent_id, old.task_id, old.planned_start, old.status, old.missed, old.flag) is distinct from (new.ent_id, new.task_id, new.planned_start, new.status, new.missed, new.flag))
  execute function patrol_run_changed();
create trigger patrol_checkins_rolled_in after insert on patrol_checkins referencing new table as added for each statement execute function patrol_checkins_rolled();
create trigger patrol_checkins_rolled_out after delete on patrol_checkins referencing old table as removed for each statement execute function patrol_checkins_rolled();
create trigger patrol_checkins_rolled_up after update on patrol_checkins referencing old table as removed new table as added for each statement execute function patrol_checkins_rolled();

-- An organisation's roll-up from its records, in its current time zone.
create function patrol_daily_rebuild(ent integer) returns void language plpgsql as $$
begin
  delete from patrol_daily where ent_id = ent;
  delete from patrol_daily_members where ent_id = ent;
  perform patrol_daily_add_runs(coalesce((select jsonb_agg(jsonb_build_object('n', 1, 'ent_id', ent_id, 'task_id', task_id, 'planned_start', planned_start,
    'status', status, 'missed', missed, 'flag', flag)) from patrol_runs where ent_id = ent), '[]'));
  perform patrol_daily_add_checkins(coalesce((select jsonb_agg(jsonb_build_object('n', 1, 'ent_id', ent_id, 'task_id', task_id, 'user_id', user_id,
    'checked_at', checked_at, 'result', result)) from patrol_checkins where ent_id = ent), '[]'));
end $$;

create function patrol_daily_time_zone() returns trigger language plpgsql as $$
begin
  perform patrol_daily_rebuild(new.id);
  return null;
end $$;

create trigger patrol_daily_time_zone after update of time_zone on enterprises
  for each row when (old.time_zone is distinct from new.time_zone) execute function patrol_daily_time_zone();

select patrol_daily_rebuild(id) from enterprises;
