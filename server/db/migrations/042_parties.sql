-- Parties (issue #22; SPEC §7 `/api/parties/channels`, the room profile's `party`,
-- `party_live_status`, `is_party_enabled`): a party live joins several rooms in one channel.
-- An operator makes and changes them (`npm run party -- create <name> <room_url_key>…`).
create table parties (
  id serial primary key,
  name text not null,
  created_at timestamptz not null default now()
);

-- A room is in at most one party; `position` is the party's order of its rooms.
create table party_rooms (
  party_id integer not null references parties (id) on delete cascade,
  room_id integer not null unique references rooms (id) on delete cascade,
  position integer not null default 0,
  primary key (party_id, room_id)
);
