-- Storage deletes need the second factor; who may publish; the media list; the art
-- submissions bucket; a published batch keeps a harvest.
set check_function_bodies = false;

-- The policy's check: raises 42501 with require_second_factor's message (Storage answers 403 with
-- it), else true. Runs as its owner: the caller cannot read auth.mfa_factors nor call buzz_haven.
create function buzz_haven_storage.second_factor_confirmed() returns boolean
language plpgsql stable security definer set search_path = '' -- calls buzz_haven.require_second_factor(), which the caller has no grant on
as $$
begin
  perform buzz_haven.require_second_factor();
  return true;
end;
$$;

-- The files of every bucket (each buzz_haven table a delete RPC reaches calls the helper beside
-- its create table).
select buzz_haven.require_second_factor_for_deletes('storage.objects');

comment on function buzz_haven_storage.second_factor_confirmed() is
  'True, or 42501 when the caller has a verified MFA factor but the request is only aal1.';
revoke all on function buzz_haven_storage.second_factor_confirmed() from public;
grant execute on function buzz_haven_storage.second_factor_confirmed() to anon, authenticated, service_role;

-- Publishing: the publish-content Edge Function asks this as the caller before it publishes with
-- the service key (supabase/functions/publish-content/handler.ts). Active staff, and aal2 when
-- the caller has a verified factor; returns the caller's role.
create function public.authorize_buzz_haven_publish() returns text
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.users and auth.mfa_factors, which the caller has no grant on
as $$
declare
  v_role text := buzz_haven.require_role();
begin
  perform buzz_haven.require_second_factor();
  return v_role;
end;
$$;

select buzz_haven.grant_api_execute('authorize_buzz_haven_publish');
create view buzz_haven_lists.media as
  select m.* from buzz_haven.media as m where buzz_haven_lists.staff_only();
create function public.get_buzz_haven_media() returns setof buzz_haven_lists.media
language sql stable as $$ select * from buzz_haven_lists.media $$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute('get_buzz_haven_products', 'delete_buzz_haven_product',
  'get_buzz_haven_events', 'get_buzz_haven_media', 'get_buzz_haven_users', 'get_buzz_haven_content');

-- Media (MediaList, MediaPickerDialog): order=created_at.desc,id.asc
create index media_list_created_idx on buzz_haven.media (created_at desc, id);

-- The private bucket of the submitted images: only the service role (the art Edge Function)
-- writes and reads it; an approved design's picture reaches the public site through the build.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('art-submissions', 'art-submissions', false, 20971520, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do nothing;

create policy "buzz_haven art: staff read submissions"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'art-submissions' and buzz_haven_storage.caller_has_role(array['owner', 'admin', 'staff']));

-- A published batch keeps at least one harvest (its page needs one).
create function buzz_haven.check_published_batch_keeps_harvest(p_batch_id uuid) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(
    p_batch_id is null
      or not exists (select 1 from buzz_haven.honey_batches as b where b.id = p_batch_id and b.published)
      or exists (select 1 from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id),
    'This is the last harvest of a published batch: unpublish the batch first');
end;
$$;
revoke all on function buzz_haven.check_published_batch_keeps_harvest(uuid) from public, anon, authenticated;

select buzz_haven.explain_constraints_of(t::regclass)
from unnest(array['buzz_haven.rate_limits', 'buzz_haven.site_builds', 'buzz_haven.invitations']) as t;
