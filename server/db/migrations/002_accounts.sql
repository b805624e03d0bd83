-- Accounts (issue #3): contact fields, one-time captchas, codes, the outbox and rate limits.
alter table users add column phone text;
alter table users add column mail_address text;
alter table users add column level integer not null default 1;
alter table users add column twitter_auth boolean not null default false;
alter table users add column facebook_auth boolean not null default false;
create unique index users_account_id_lower on users (lower(account_id));

-- A captcha belongs to the session that asked for it and is good for one answer.
create table captchas (
  id text primary key,
  session_id text not null,
  word text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- SMS codes, stored hashed; single use, few tries, short life.
create table sms_codes (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('auth', 'reset')),
  phone text not null,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sms_codes_user on sms_codes (user_id, purpose, created_at desc);

-- Messages handed to the local SMS/mail provider (shown at /dev/outbox).
create table outbox (
  id serial primary key,
  channel text not null check (channel in ('sms', 'mail')),
  recipient text not null,
  subject text not null default '',
  body text not null,
  created_at timestamptz not null default now()
);

-- Sliding-window counters for rate limits (login per account and per address).
create table rate_events (
  key text not null,
  at timestamptz not null default now()
);
create index rate_events_key_at on rate_events (key, at);
