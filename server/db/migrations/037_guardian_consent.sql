-- Legal-representative consent (issue #28 point 4, SPEC.md §2/§5): a user under 13 goes past the
-- age gate, buys gold and draws paid gacha once a parent or guardian has agreed. Who agreed (the
-- name and the relationship they gave) and when are kept beside the flag the gate reads.
alter table users add column legal_representative_agreed_at timestamptz;
alter table users add column legal_representative_name text;
alter table users add column legal_representative_relationship text;
