-- X access tokens last about two hours (issue #28): with `offline.access` the token answer also
-- carries a refresh token. It is kept sealed like the access token (services/social-oauth.ts),
-- with the access token's expiry, so `post_tweet` refreshes it when it is due.
alter table social_identities add column refresh_token text;
alter table social_identities add column access_expires_at timestamptz;
alter table social_signups add column refresh_token text;
alter table social_signups add column access_expires_at timestamptz;
