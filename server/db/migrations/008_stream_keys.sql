-- Each room's RTMP stream key (issue #6): what OBS publishes with; the owner can rotate it.
alter table rooms add column stream_key text;
create unique index rooms_stream_key on rooms (stream_key) where stream_key is not null;

-- Where a live's video comes from: the built-in demo channel, or OBS through nginx-rtmp.
alter table lives add column source text not null default 'demo' check (source in ('demo', 'rtmp'));
-- The stream name nginx-rtmp writes the live's HLS under (the key it was published with).
alter table lives add column ingest_name text;
