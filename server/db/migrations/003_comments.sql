-- Comments of a live (issue #4). Stored before they are pushed, so comment_log has no gaps.
create table comments (
  id bigserial primary key,
  live_id integer not null references lives(id),
  user_id integer not null references users(id),
  comment text not null,
  created_at timestamptz not null default now()
);
create index comments_live on comments (live_id, id desc);
