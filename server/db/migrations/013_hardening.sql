-- Production safety (issue #29).
-- Rate limits as one counter per key and window, raised by a single conditional upsert, so a
-- parallel burst cannot pass between a count and an insert (the old rate_events did).
drop table rate_events;
create table rate_counters (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null check (hits >= 0)
);
create index rate_counters_window on rate_counters (window_start);

-- The owner's private push key of a live: owner-only logs (who followed) go there, never on the
-- public key every viewer follows.
alter table lives add column owner_key text not null
  default replace(gen_random_uuid()::text, '-', '');

-- A captcha's picture is drawn once, when it is made: drawn anew at every request, one word's many
-- pictures could be laid over each other by a bot.
alter table captchas add column svg text;

-- Purge jobs find what has expired without a scan.
create index captchas_expiry on captchas (expires_at);
create index sms_codes_expiry on sms_codes (expires_at);
create index ad_reward_watches_open on ad_reward_watches (started_at) where completed_at is null;
