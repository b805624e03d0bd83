-- Organizers and navigators (issue #23). An organizer (users.is_organizer) asks to link a room;
-- its owner accepts. A room has at most one organizer (the primary key), so a second organizer
-- must wait until the owner declines or ends the first link.
create table organizer_rooms (
  room_id integer primary key references rooms(id) on delete cascade,
  organizer_user_id integer not null references users(id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted')),
  requested_at timestamptz not null default now(),
  accepted_at timestamptz,
  check ((status = 'accepted') = (accepted_at is not null))
);
-- The organizer's page: its rooms.
create index organizer_rooms_organizer on organizer_rooms (organizer_user_id);

-- A navigator's rights over one room, granted by the room's organizer. A right counts only while
-- the link it was granted under is accepted and its granter is still the room's organizer
-- (server/services/organizers/room-rights.ts); ending the link deletes the room's rows.
create table navigator_rights (
  room_id integer not null references rooms(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  "right" text not null check ("right" in ('welcome', 'telop', 'enquete', 'moderate', 'stats')),
  granted_by integer not null references users(id) on delete cascade,
  granted_at timestamptz not null default now(),
  primary key (room_id, user_id, "right")
);
-- "Where does this user hold rights" (the staff badge, my rooms).
create index navigator_rights_user on navigator_rights (user_id, room_id);
