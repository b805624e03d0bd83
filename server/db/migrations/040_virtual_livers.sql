-- Virtual livers (issue #22; SPEC §2 `/virtual_liver`): rooms flagged virtual and the events meant
-- for them, listed by the virtual livers' corner (server/services/virtual/).
alter table rooms add column is_virtual boolean not null default false;
alter table events add column for_virtual boolean not null default false;
create index rooms_virtual on rooms (id) where is_virtual;
