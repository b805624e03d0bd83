-- Live tags (issue #20): up to 5 words on a live (src/domain/live-tags.ts); a tag finds the
-- rooms on air with it.
create table live_tags (
  live_id integer not null references lives(id) on delete cascade,
  tag text not null,
  position integer not null,
  primary key (live_id, tag)
);
create index live_tags_tag on live_tags (tag);
