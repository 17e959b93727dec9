-- Issue 19, priority (ADR 023): a watched channel may be the dispatcher's priority channel; while
-- it is active the console ducks the other watched channels. Kept with the rest of the user's
-- listening settings; existing rows are not priority.
alter table watched_channels add column priority boolean not null default false;
