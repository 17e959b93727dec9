-- Issue 23 (ADR 028): the records screens' first pages at 1,000,000 records and their exports.
-- Every list sorts by its key and then by id (db/paging.ts), and an export reads in that order in
-- keyset batches: `(key, id) < ($key, $id)` with the list's equalities before it. Indexes ending
-- in (time, id) give both the first page (no sort of the filtered rows, a backward walk for the
-- newest first) and each batch (a range of the index). They replace the (…, time desc) ones,
-- which serve the same filters but leave the id order to a sort.

-- Operation records: the enterprise alone, by type, by user (each with a time range), and the
-- type and account sorts.
drop index operation_logs_ent_time_idx;
drop index operation_logs_ent_type_idx;
drop index operation_logs_ent_user_idx;
create index operation_logs_ent_time_idx on operation_logs (ent_id, created_at, id);
create index operation_logs_ent_type_time_idx on operation_logs (ent_id, type, created_at, id);
create index operation_logs_ent_user_time_idx on operation_logs (ent_id, user_id, created_at, id);
create index operation_logs_ent_type_idx on operation_logs (ent_id, type, id);
create index operation_logs_ent_account_idx on operation_logs (ent_id, lower(account), id);

-- Login records: the enterprise, and one user (the user menu's own records; also the previous
-- position a new login is compared with).
drop index login_records_ent_time_idx;
drop index login_records_user_idx;
create index login_records_ent_time_idx on login_records (ent_id, created_at, id);
create index login_records_user_time_idx on login_records (user_id, created_at, id);

-- SOS records.
drop index sos_records_ent_time_idx;
drop index sos_records_ent_user_idx;
create index sos_records_ent_time_idx on sos_records (ent_id, started_at, id);
create index sos_records_ent_user_idx on sos_records (ent_id, user_id, started_at, id);

-- Cross-border alerts: the enterprise, one user, one fence. Leave / stay splits the rows in two
-- halves, so the time index serves that filter.
drop index fence_alerts_ent_time_idx;
drop index fence_alerts_ent_user_idx;
drop index fence_alerts_ent_fence_idx;
create index fence_alerts_ent_time_idx on fence_alerts (ent_id, alerted_at, id);
create index fence_alerts_ent_user_idx on fence_alerts (ent_id, user_id, alerted_at, id);
create index fence_alerts_ent_fence_idx on fence_alerts (ent_id, fence_id, alerted_at, id);
