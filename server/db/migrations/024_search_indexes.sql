-- Room autocomplete (issue #20): names that begin with a keyword through a prefix index, and the
-- most followed rooms first through an index in that order (services/search/rooms.ts).
create index rooms_search_prefix on rooms (search_key text_pattern_ops);
create index rooms_follower_order on rooms (follower_num desc, id);
