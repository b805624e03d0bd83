-- Inquiries and opinions (issue #21): kept here, and mailed to the operator's mailbox
-- (SUPPORT_MAIL) through the message provider, an inquiry with a receipt to its sender.
create table inquiries (
  id serial primary key,
  user_id integer references users(id) on delete set null,
  category text not null,
  name text not null default '',
  mail_address text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create table opinions (
  id serial primary key,
  user_id integer references users(id) on delete set null,
  body text not null,
  created_at timestamptz not null default now()
);
