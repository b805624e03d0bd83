-- Qualified invoice issuer registrations (issue #21): a user's own (a liver's) and, for an
-- organizer account, the organizer's; one of each per user, replaced when edited.
create table invoice_registrations (
  user_id integer not null references users(id) on delete cascade,
  holder text not null check (holder in ('user', 'organizer')),
  registration_number text not null check (registration_number ~ '^T[0-9]{13}$'),
  name text not null,
  address text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, holder)
);
