-- Issue 24, acceptance 3 (ADR 029, second addendum). A member's active runs are found from their
-- tasks: this index answers "the active run of task T" in one probe, whatever the statistics say.
-- PGlite has no autovacuum and analyses once an hour (db/maintenance.ts); after a morning's runs
-- started, its statistics still said no run was active, and the planner walked every active run
-- of the organisation testing each against the member's tasks (9 ms per GPS check-in at 200
-- active runs, on the one connection everything else waits for).
create index patrol_runs_active_task_idx on patrol_runs (task_id, planned_start) where status = 'active';
