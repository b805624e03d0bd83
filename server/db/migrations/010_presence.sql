-- Viewers on the push socket, per process and live key (issue #10): each process reports its
-- own counts every few seconds, and a live's viewers are the sum of the fresh reports.
create table live_presence (
  process_id text not null,
  bcsvr_key text not null,
  viewers integer not null check (viewers >= 0),
  seen_at timestamptz not null default now(),
  primary key (process_id, bcsvr_key)
);
create index live_presence_key on live_presence (bcsvr_key, seen_at);
