-- Migration 009's status move updated both count rows in one statement, expecting every writer to lock them in the
-- same order. It does not: the statement scans the rows in their physical order, which changes as rows are
-- updated, and two crossing moves (pending → contacted while contacted → pending) deadlocked now and then. Locking
-- both rows first, ordered by status, gives every writer one order.
create or replace function count_club_questions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update club_question_counts set questions = questions + 1 where status = new.status;
  elsif tg_op = 'DELETE' then
    update club_question_counts set questions = questions - 1 where status = old.status;
  elsif old.status <> new.status then
    perform 1 from club_question_counts where status in (old.status, new.status) order by status for update;
    update club_question_counts
    set questions = questions + case when status = new.status then 1 else -1 end
    where status in (old.status, new.status);
  end if;
  return null;
end;
$$;
