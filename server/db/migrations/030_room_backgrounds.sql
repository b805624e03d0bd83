-- Room backgrounds (issue #21): the backgrounds a room's owner holds are their user_items of
-- prize_type 'background' (gacha draws, mission rewards); these tables keep what the room does
-- with them. A room with no row shows no background and is not fixed.

-- The background shown now (null: the room's default, none) and whether it stays: when not
-- fixed and the room has favourites, each new live starts with one of them at random.
create table room_backgrounds_state (
  room_id integer primary key references rooms(id) on delete cascade,
  current_prize_id integer references gacha_prizes(id),
  is_fixed boolean not null default false,
  updated_at timestamptz not null default now()
);

-- The room's favourite backgrounds, the pool a new live draws from.
create table room_background_favs (
  room_id integer not null references rooms(id) on delete cascade,
  prize_id integer not null references gacha_prizes(id),
  created_at timestamptz not null default now(),
  primary key (room_id, prize_id)
);
