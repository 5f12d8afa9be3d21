-- Every open notifications screen asks every 5 seconds how many questions each status has. Counting them read every
-- question each time, a cost that grew with the table; a row per status, kept by a trigger in the same transaction
-- as the change, makes it three rows. A status move changes both of its rows in one statement, so every writer
-- locks them in the same order and two moves cannot deadlock.
create table club_question_counts (
  status question_status primary key,
  questions integer not null check (questions >= 0)
);

insert into club_question_counts (status, questions)
select status, (select count(*) from club_questions q where q.status = s.status)
from unnest(enum_range(null::question_status)) as s(status);

create function count_club_questions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update club_question_counts set questions = questions + 1 where status = new.status;
  elsif tg_op = 'DELETE' then
    update club_question_counts set questions = questions - 1 where status = old.status;
  elsif old.status <> new.status then
    update club_question_counts
    set questions = questions + case when status = new.status then 1 else -1 end
    where status in (old.status, new.status);
  end if;
  return null;
end;
$$;

create trigger club_questions_counted
after insert or delete or update of status on club_questions
for each row execute function count_club_questions();
