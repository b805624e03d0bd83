-- Organizer applications (issue #21 point 7): a user asks to run events; an operator decides
-- with `npm run organizer:approve` (README). Approval sets users.is_organizer; the approved
-- application's company name is the organizer's name (the current user's organizer_name), so
-- no second organizer table is needed.
create table organizer_applications (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  company_name text not null,
  contact_name text not null,
  contact_mail text not null,
  contact_phone text not null check (contact_phone ~ '^0[0-9]{9,10}$'),
  invoice_number text check (invoice_number ~ '^T[0-9]{13}$'),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_note text not null default '',
  check ((status = 'pending') = (decided_at is null))
);
-- At most one waiting per user: two submits at once cannot both be stored (the second is a 409).
create unique index organizer_applications_one_pending
  on organizer_applications (user_id) where status = 'pending';
-- The applicant's latest application (their page, the current user).
create index organizer_applications_user on organizer_applications (user_id, id desc);
