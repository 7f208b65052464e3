-- The art bucket's rules (who reads a design's image; only live uploads are stored); the site
-- menu's Art link and the site build a ballot change requests.
set check_function_bodies = false;

-- Storage: an approved design's image may be read by anyone (the site build downloads it with the
-- anon key); staff read every design's image (the moderation gallery). Nothing else: uploads come
-- through signed URLs only, removals through the service role.
create function buzz_haven_storage.art_file_is_public(p_name text) returns boolean
language sql stable security definer set search_path = '' -- reads buzz_haven.art_designs
as $$
  select exists (select 1 from buzz_haven.art_designs as a
    where a.storage_path = p_name and a.status in ('approved', 'to_print', 'printed', 'installed'))
$$;

create policy "buzz_haven art: approved designs are public"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'art-submissions' and buzz_haven_storage.art_file_is_public(name));
revoke all on function buzz_haven_storage.art_file_is_public(text) from public;
grant execute on function buzz_haven_storage.art_file_is_public(text) to anon, authenticated, service_role;

-- Storage writes uploads as itself, whoever signed them, so this trigger is what keeps the bucket to
-- the live uploads: an object in 'art-submissions' is stored only at a design's live upload path
-- (within its window) or its recorded file's path (the seeded designs' pictures). Refused as
-- Storage refuses a policy (42501, 403).
create function buzz_haven_storage.art_upload_is_live() returns trigger
language plpgsql security definer set search_path = '' -- reads art_designs
as $$
begin
  if not exists (select 1 from buzz_haven.art_designs as a
      where (a.upload_path = new.name and a.upload_issued_at > now() - buzz_haven.art_upload_window())
        or a.storage_path = new.name) then
    raise exception 'This upload link was replaced by a newer one or has expired' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function buzz_haven_storage.art_upload_is_live() from public, anon, authenticated;

create trigger art_submissions_live_upload_only before insert or update of bucket_id, name on storage.objects
  for each row when (new.bucket_id = 'art-submissions') execute function buzz_haven_storage.art_upload_is_live();

create function pg_temp.with_art_link(body jsonb) returns jsonb
language sql immutable
as $$
  select case
    when jsonb_typeof(body -> 'nav') <> 'array' or exists (
      select 1 from jsonb_array_elements(body -> 'nav') as n where n ->> 'to' = '/art') then body
    else jsonb_set(body, '{nav}', (
      select jsonb_agg(item order by position)
      from (
        select n as item, (i * 2)::numeric as position from jsonb_array_elements(body -> 'nav') with ordinality as e(n, i)
        union all
        select '{"label": "Art", "to": "/art"}'::jsonb,
          coalesce((select i * 2 + 1 from jsonb_array_elements(body -> 'nav') with ordinality as e(n, i) where n ->> 'to' = '/impact'), 1e9)
      ) as items))
  end
$$;

update buzz_haven.content_documents as d
set draft = pg_temp.with_art_link(d.draft), published = pg_temp.with_art_link(d.published)
where d.key = 'site' and d.published is not null;

-- Buzz Haven: a design entering or leaving a ballot (approved, declined after approval, a winner
-- moved to 'to print' at the close) requests a site build, so the static /art/vote and /art catch
-- up (the pages' idle-time islands show the change meanwhile). Requests made while one is queued
-- join it (site_builds_one_queued).
create function buzz_haven.request_build_on_ballot_change() returns trigger
language plpgsql set search_path = ''
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
