-- Web Push hardening (issue #50): a device remembers the login session it was subscribed in, so
-- logging out of that session removes it (on a shared computer the next person must not get the
-- previous user's notices). When the session ends otherwise (expiry), the link is forgotten and
-- the device stays the user's.
alter table push_subscriptions
  add column session_id text references sessions(id) on delete set null;
create index push_subscriptions_session on push_subscriptions (session_id)
  where session_id is not null;
