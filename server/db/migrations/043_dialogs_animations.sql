-- Gift and rank animations, and site dialogs (issue #22; SPEC §7 `/api/animations`, `/api/dialog`).

-- The animation catalogue (seed-dialogs.ts, seeded on every start like the gifts): a `gift`
-- animation plays when one gift push carries at least `min_num` of its gift; `rank_up` plays when
-- a room climbs in its event. `effect` is one of ANIMATION_EFFECTS (src/contract/site-dialog.ts).
create table animations (
  id integer primary key,
  kind text not null check (kind in ('gift', 'rank_up')),
  gift_id integer references gifts(id),
  min_num integer not null default 1 check (min_num >= 1),
  effect text not null check (effect in ('burst', 'rain', 'float', 'fanfare')),
  duration_ms integer not null check (duration_ms between 300 and 10000),
  check ((kind = 'gift') = (gift_id is not null))
);

-- Dialogs an operator shows over the site's pages: `content` is
-- { ja: { title, body, link_label }, en?, 'zh-tw'?, th? } (Japanese required, the others fall back
-- to it); it shows on the pages whose path is `path_prefix` or below it ('/' is every page),
-- from `starts_at` until `ends_at` (null: until removed).
create table site_dialogs (
  id serial primary key,
  content jsonb not null check (
    jsonb_typeof(content -> 'ja' -> 'title') = 'string'
    and jsonb_typeof(content -> 'ja' -> 'body') = 'string'
  ),
  image_url text not null default '',
  link_url text not null default '',
  path_prefix text not null default '/' check (left(path_prefix, 1) = '/'),
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at)
);
create index site_dialogs_newest on site_dialogs (starts_at desc, id desc);

-- Who closed which dialog: a logged-in user never gets it again.
create table site_dialog_seen (
  dialog_id integer not null references site_dialogs(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  seen_at timestamptz not null default now(),
  primary key (dialog_id, user_id)
);
