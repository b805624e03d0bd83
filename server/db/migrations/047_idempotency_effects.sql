-- Exactly once when a process dies mid-call (issue #40): a claim carries a token of its own, and
-- the call's own transaction marks its key 'effected' (with that token, still 'pending') in the
-- same commit as the gold or stock it moved. A claim left 'pending' by a process that died changed
-- nothing, so a retry may take it over (a new token); one left 'effected' did its work and lost
-- only its answer, so it is never run again. A slow first copy whose claim was taken over finds
-- its token gone and rolls its work back.
alter table idempotency_keys add column token text;
-- When the present claim was made (a take-over makes a new one); `created_at` keeps the day.
alter table idempotency_keys add column claimed_at timestamptz not null default now();
alter table idempotency_keys drop constraint idempotency_keys_state_check;
alter table idempotency_keys
  add constraint idempotency_keys_state_check check (state in ('pending', 'effected', 'done'));
