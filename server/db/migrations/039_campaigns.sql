-- Campaign pages (issue #22; SPEC §2 `/lp/*`): records an operator adds without a release
-- (`npm run campaign -- upsert file.json`). `path` is what follows /lp/; one ending in `/*` also
-- answers a path with one more free segment (`povo/*` for /lp/povo/{measure}).
create table campaigns (
  id serial primary key,
  path text not null unique,
  layout text not null,
  -- { ja: { title, summary, body, cta_label }, en?, 'zh-tw'?, th? }: body is Markdown.
  content jsonb not null,
  hero_image_url text not null default '',
  cta_url text not null default '',
  started_at timestamptz not null,
  ended_at timestamptz not null,
  -- CampaignRankingSource (src/contract/campaign.ts) or null.
  ranking jsonb,
  showcase text,
  -- Sibling pages (idolcup and idolcup/ranking) share a group, shown in `position` order.
  group_key text not null default '',
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ended_at > started_at)
);
create index campaigns_group on campaigns (group_key, position) where group_key <> '';

-- The gift ranking sums one gift's points over the campaign's period; the newcomer ranking sums
-- every gift within it.
create index gift_logs_gift_time on gift_logs (gift_id, created_at);
create index gift_logs_time on gift_logs (created_at);
