-- Buzz Haven: a design entering or leaving a ballot (approved, declined after approval, a winner
-- moved to 'to print' at the close) requests a site build, so the static /art/vote and /art catch
-- up (the pages' idle-time islands show the change meanwhile). Requests made while one is queued
-- join it (site_builds_one_queued).
create function buzz_haven.request_build_on_ballot_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (old.status = 'approved') <> (new.status = 'approved') then
    insert into buzz_haven.site_builds (reason, requested_by)
    values ('Art ballot changed: ' || left(new.title, 200), new.moderated_by)
    on conflict (state) where state = 'queued' do nothing;
  end if;
  return null;
end;
$$;
revoke all on function buzz_haven.request_build_on_ballot_change() from public, anon, authenticated;

create trigger art_designs_ballot_build after update of status on buzz_haven.art_designs
  for each row execute function buzz_haven.request_build_on_ballot_change();
