-- Room search (issue #20): a room's name as search compares it — NFKC (full- and half-width
-- alike), katakana as hiragana, lower case — kept by a trigger, with a trigram index so a
-- keyword found anywhere in the name is looked up, not scanned for (src/domain/search.ts
-- normalises the keyword the same way).
-- Databases migrating at once (the tests' schemas) create it once: one waits for the other.
select pg_advisory_xact_lock(4205321);
-- In public, whatever the search path: a database may keep several schemas (the tests do).
create extension if not exists pg_trgm with schema public;

create function room_search_key(name text, main text) returns text
language sql immutable as $$
  select lower(translate(normalize(name || ' ' || main, NFKC),
    'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ',
    'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ'))
$$;

alter table rooms add column search_key text not null default '';

create function rooms_search_key_trigger() returns trigger
language plpgsql as $$
begin
  new.search_key := room_search_key(new.room_name, new.main_name);
  return new;
end
$$;

create trigger rooms_search_key before insert or update of room_name, main_name on rooms
  for each row execute function rooms_search_key_trigger();

update rooms set search_key = room_search_key(room_name, main_name);
create index rooms_search_key on rooms using gin (search_key public.gin_trgm_ops);
