-- OBS reconnects and stalls (issue #38): an OBS live whose video stopped reaching the site is
-- interrupted, not ended. `ingest_lost_at`: the encoder disconnected (on_publish_done); a publish
-- within OBS_RECONNECT_GRACE_MS (server/services/rtmp-ingest.ts) continues the live, otherwise a
-- job ends it. `ingest_stalled_at`: the encoder is connected but its video stopped arriving; it
-- ends nothing by itself. Either one set: viewers see the live as interrupted.
alter table lives add column ingest_lost_at timestamptz;
alter table lives add column ingest_stalled_at timestamptz;
-- What the job reads every few seconds: the open lives whose encoder went away.
create index lives_ingest_lost on lives (ingest_lost_at)
  where ingest_lost_at is not null and ended_at is null;
