-- Votes (enquetes) during a live (issue #5): the owner opens one with 2 to 10 answers; viewers
-- vote by sending an answer's vote gift from the stock of that gift they get for that vote.
create table enquetes (
  id serial primary key,
  live_id integer not null references lives(id),
  option_count smallint not null check (option_count between 2 and 10),
  started_at timestamptz not null default now(),
  ended_at timestamptz
);
create unique index enquetes_one_open on enquetes (live_id) where ended_at is null;

create table enquete_stock (
  enquete_id integer not null references enquetes(id),
  user_id integer not null references users(id),
  gift_id integer not null references gifts(id),
  remaining integer not null check (remaining between 0 and 99),
  primary key (enquete_id, user_id, gift_id)
);

create table enquete_votes (
  id bigserial primary key,
  enquete_id integer not null references enquetes(id),
  user_id integer not null references users(id),
  gift_id integer not null references gifts(id),
  num integer not null check (num > 0),
  created_at timestamptz not null default now()
);
create index enquete_votes_enquete on enquete_votes (enquete_id);
