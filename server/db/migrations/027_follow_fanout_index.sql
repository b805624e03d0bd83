-- The notice jobs (services/notices) walk a room's followers with notices on, by user id, 5,000
-- at a time: this index hands each batch its followers in order, so a room's fan-out no longer
-- reads and sorts all its followers for every batch.
create index follows_notices on follows (room_id, user_id) where push_send_status;
