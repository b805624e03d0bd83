-- Under-18 regulation of a room (issue #6): the owner marks a room whose performers include
-- minors; a minor owner's room is regulated whatever the switch says.
alter table rooms add column under_18_regulation boolean not null default false;
