-- Issue 22 (ADR 027): fence rules beyond edge-triggering (dwell, weekly schedule, drift) and the
-- organisation's time zone the schedules are read in.

-- Seconds on the alerting side before the alert (0: at the confirmed crossing).
alter table fences add column dwell_s integer not null default 0 check (dwell_s between 0 and 86400);
-- null: always evaluated; otherwise [{"days":[0..6],"start":"HH:MM","end":"HH:MM"}, ...].
alter table fences add column schedule jsonb check (schedule is null or jsonb_typeof(schedule) = 'array');

-- IANA name (checked by the server with Intl); fence schedules are local to it.
alter table enterprises add column time_zone text not null default 'UTC';

-- The per (fence, user) state of the pure step (server/src/fences/fence-rules.ts). `inside` is the
-- confirmed side, null until two points in a row agree (drift protection). A point on the other
-- side is `pending_*` until confirmed or contradicted. `since_at` is when the confirmed side began
-- (the first confirming point), the start of the dwell; `alerted` says this stay has raised its
-- alert. `window_start` keys the schedule occurrence the state belongs to (epoch: no schedule); a
-- point in another occurrence starts afresh. `point_at` stays the write's version: a write only
-- replaces the row it was computed from, and never with an older point (two nodes, one change).
alter table fence_states alter column inside drop not null;
alter table fence_states add column pending_inside boolean;
alter table fence_states add column pending_count smallint not null default 0;
alter table fence_states add column pending_at timestamptz;
alter table fence_states add column since_at timestamptz;
alter table fence_states add column alerted boolean not null default false;
alter table fence_states add column window_start timestamptz not null default 'epoch';

-- Sides stored before: ADR 007 alerted on entering the alerting side, so such a stay has had its alert.
update fence_states s
   set since_at = s.point_at,
       alerted = case when f.rule = 'leave' then not s.inside else s.inside end
  from fences f
 where f.id = s.fence_id;

-- insideCount of the fence list reads the confirmed insides of a page of fences.
create index fence_states_inside_idx on fence_states (fence_id) where inside;
