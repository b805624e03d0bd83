-- Error reports (issue #26): the built-in collector's store. One row per group of like events
-- (the same fingerprint: exception type, normalised value and top in-app frames, or message),
-- counted, with when it was first and last seen and the newest event as a sample.
create table error_groups (
  id serial primary key,
  fingerprint text not null unique,
  -- 'client' (the app's SDK, through the collector) or 'server' (services/observability).
  source text not null,
  title text not null,
  culprit text not null default '',
  level text not null default 'error',
  environment text not null default '',
  release text not null default '',
  count integer not null default 1,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  sample jsonb not null
);
create index error_groups_last_seen on error_groups (last_seen desc);
