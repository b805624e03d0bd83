-- Social login through OAuth 2.0 (issue #28): X (Twitter) and Facebook.
-- An account's identity at a provider: `subject` is the provider's user id. One per provider
-- per account. The access token (for posting a tweet) is kept encrypted (services/social-tokens.ts).
create table social_identities (
  provider text not null check (provider in ('twitter', 'facebook')),
  subject text not null,
  user_id integer not null references users(id) on delete cascade,
  name text not null default '',
  access_token text,
  created_at timestamptz not null default now(),
  primary key (provider, subject),
  unique (user_id, provider)
);

-- An authorization in progress: the `state` sent to the provider, bound to the session that
-- started it, with its PKCE verifier and purpose. Used once; ten minutes to come back.
create table oauth_states (
  state text primary key,
  session_id text not null,
  provider text not null,
  purpose text not null check (purpose in ('login', 'register', 'link')),
  code_verifier text not null,
  expires_at timestamptz not null
);
create index oauth_states_expiry on oauth_states (expires_at);

-- A provider identity that came back with no account, waiting for the visitor to choose an
-- account_id (POST /social/{provider}/sign_up). One per session and provider.
create table social_signups (
  session_id text not null,
  provider text not null,
  subject text not null,
  name text not null default '',
  access_token text,
  expires_at timestamptz not null,
  primary key (session_id, provider)
);
