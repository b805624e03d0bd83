-- Avatars (issue #21): a user may wear a prize avatar they won, so avatar_id is no longer only
-- one of the eight defaults. A prize avatar's id is its gacha prize id (as SHOWROOM's avatar ids
-- are large numbers too); whether the user holds it is checked by the service (user_items), not
-- by a foreign key, since the defaults 0–7 are no prize.
alter table users drop constraint users_avatar_id_check;
alter table users add constraint users_avatar_id_check check (avatar_id >= 0);

-- The avatars a user marked as favourites, for the favourites filter of /user_avatar.
create table user_avatar_favs (
  user_id integer not null references users(id) on delete cascade,
  avatar_id integer not null check (avatar_id >= 0),
  created_at timestamptz not null default now(),
  primary key (user_id, avatar_id)
);
