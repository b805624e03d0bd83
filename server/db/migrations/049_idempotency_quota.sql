-- Idempotency keys have a quota per caller (issue #50): `caller` is who the quota counts — the
-- user (`user:<id>`) or, for an anonymous session, its client address (`address:<ip or /64>`),
-- since a new anonymous session costs nothing. Rows from before have none and count for no one;
-- they are gone within the day.
alter table idempotency_keys add column caller text;
create index idempotency_keys_caller on idempotency_keys (caller, created_at);
