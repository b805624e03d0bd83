-- Exactly once under retries (issue #40): a state-changing call sent with an `Idempotency-Key`
-- header is claimed here before it runs (state 'pending', committed), and its answer is kept once
-- it has one (state 'done'). The same key from the same caller within a day gets that answer
-- again and changes nothing more. `scope` is the caller: `user:<id>`, or `session:<id>` for an
-- anonymous session. `fingerprint`: a hash of the method, path, query and body, so the same key
-- with another request is refused. Rows older than a day go on the purge schedule.
create table idempotency_keys (
  scope text not null,
  key text not null,
  fingerprint text not null,
  state text not null default 'pending' check (state in ('pending', 'done')),
  status integer,
  content_type text,
  body text,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);
