-- An owner who ends an OBS live holds its stream key (issue #50, "ended means ended"): OBS
-- reconnects by itself, and a publish with the key would open a new live at once. Set when the
-- owner ends a live fed by OBS; cleared when the owner starts a live from the site or renews the
-- key; each publish it refuses renews it, and it lapses once OBS has tried nothing for a while
-- (server/services/obs-hold.ts). Null: the key publishes as before.
alter table rooms add column obs_publish_held_at timestamptz;
