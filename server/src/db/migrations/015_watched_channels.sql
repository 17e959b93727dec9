-- Issue 19, acceptance 1 (ADR 023): the channels a user listens to at once, in display order,
-- with each channel's volume, mute and stereo pan. Kept by the server so the list follows the
-- user to another console. Rows are never cleaned when the user leaves a channel or it is
-- disbanded or suspended: reads keep only channels the user may still talk in (the PTT room's
-- rule), and the next save replaces the whole list anyway. A deleted channel or user takes its
-- rows with it.
create table watched_channels (
  user_id integer not null references users (id) on delete cascade,
  channel_id integer not null references channels (id) on delete cascade,
  -- 0-based place in the list; the service writes 0..n-1 on every save.
  position smallint not null check (position >= 0),
  volume smallint not null check (volume between 0 and 100),
  muted boolean not null,
  pan text not null check (pan in ('left', 'centre', 'right')),
  primary key (user_id, channel_id)
);
-- The primary key serves "my list"; this one serves the channel's cascade on delete.
create index watched_channels_channel_idx on watched_channels (channel_id);
