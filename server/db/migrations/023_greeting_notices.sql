-- The owner's greeting to followers (issue #20), '' when none.
alter table rooms add column greeting text not null default '';
