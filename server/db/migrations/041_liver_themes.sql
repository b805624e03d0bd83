-- Liver themes (issue #22; SPEC §7 `/api/liver_themes`, `/api/room/liver_theme`): a frame, colours
-- and a stamp set a liver picks for the room. The catalogue is seeded at every start
-- (server/db/liver-theme-catalogue.ts); a room shows at most one theme.
create table liver_themes (
  id int primary key,
  name text not null,
  description text not null default '',
  frame_color text not null check (frame_color ~ '^#[0-9a-fA-F]{6}$'),
  accent_color text not null check (accent_color ~ '^#[0-9a-fA-F]{6}$'),
  background_color text not null check (background_color ~ '^#[0-9a-fA-F]{6}$'),
  stamps jsonb not null default '[]'::jsonb check (jsonb_typeof(stamps) = 'array'),
  image_url text not null default '',
  is_pick_up boolean not null default false,
  position int not null default 0,
  created_at timestamptz not null default now()
);
create index liver_themes_position on liver_themes (position, id);

alter table rooms add column liver_theme_id int null references liver_themes (id);
