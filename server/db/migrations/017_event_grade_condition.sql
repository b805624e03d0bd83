-- Events may ask a grade of the rooms that enter (issue #17's grade condition, with #18's grades):
-- 0 none, else a grade id of src/domain/grades.ts (the room's grade this week, or higher).
alter table events add column min_grade_id integer not null default 0
  check (min_grade_id between 0 and 7);
