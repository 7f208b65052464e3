-- /my-hive: what an adopter or host sees of their hives (its wrap, shared inspections, batches).
set check_function_bodies = false;

-- The hive's latest art wrap and the published honey batches it went into. Their tables come
-- with the art area (hive_wraps, applied after this one) and honey_batches: the queries are dynamic, and a table or column not
-- there (yet) gives no wrap and no batches rather than an error.
create function buzz_haven.my_hive_wrap(p_hive_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  v jsonb;
begin
  if to_regclass('buzz_haven.hive_wraps') is null or to_regclass('buzz_haven.art_designs') is null then
    return null;
  end if;
  execute $q$
    select jsonb_build_object('title', d.title, 'artist', d.artist_name, 'photo_url', w.photo_url, 'installed_on', w.installed_on)
    from buzz_haven.hive_wraps as w join buzz_haven.art_designs as d on d.id = w.design_id
    where w.hive_id = $1 order by w.installed_on desc, w.created_at desc limit 1 $q$
  into v using p_hive_id;
  return v;
exception when undefined_table or undefined_column then
  return null;
end;
$$;
revoke all on function buzz_haven.my_hive_wrap(uuid) from public, anon, authenticated;

create function buzz_haven.my_hive_batches(p_hive_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  v jsonb;
begin
  if to_regclass('buzz_haven.honey_batches') is null or to_regclass('buzz_haven.honey_harvests') is null then
    return '[]'::jsonb;
  end if;
  execute $q$
    select coalesce(jsonb_agg(jsonb_build_object('code', b.code, 'product', p.name, 'product_es', p.name_es, 'season', b.season,
        'harvested_on', b.harvested_on) order by b.harvested_on desc, b.code), '[]'::jsonb)
    from (select hb.code, hb.product_id, min(h.season) as season, max(h.harvested_on) as harvested_on
      from buzz_haven.honey_batches as hb join buzz_haven.honey_harvests as h on h.batch_id = hb.id
      where h.hive_id = $1 and hb.published group by hb.id, hb.code, hb.product_id) as b
    join buzz_haven.products as p on p.id = b.product_id $q$
  into v using p_hive_id;
  return coalesce(v, '[]'::jsonb);
exception when undefined_table or undefined_column then
  return '[]'::jsonb;
end;
$$;
revoke all on function buzz_haven.my_hive_batches(uuid) from public, anon, authenticated;

create function public.get_buzz_haven_my_hives(p_hive_id uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.hives, hive_inspections, adoption_requests and events, which the caller has no grant on
as $$
declare
  v_email text;
  v_hives jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in with the link we e-mail you to see your hive' using errcode = '42501';
  end if;
  v_email := buzz_haven.my_confirmed_email();
  if v_email is null then
    raise exception 'Confirm your e-mail address with the link we sent to see your hive' using errcode = '42501';
  end if;
  with mine as (
    select h.id, 'host' as relation, null::uuid as adoption_id
    from buzz_haven.hives as h where lower(h.host_email) = v_email
    union all
    select a.hive_id, 'adopter', a.id
    from buzz_haven.adoption_requests as a
    where a.hive_id is not null and a.status <> 'ended'
      and (lower(a.email) = v_email or lower(a.recipient_email) = v_email)
  ),
  hive_ids as (
    select m.id, array_agg(distinct m.relation order by m.relation) as relations from mine as m group by m.id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', h.id,
      'name', h.name,
      'name_es', h.name_es,
      'status', h.status,
      'relations', to_jsonb(x.relations),
      'wrap', buzz_haven.my_hive_wrap(h.id),
      'highlights', coalesce((
        select jsonb_agg(jsonb_build_object('id', i.id, 'date', i.inspected_on, 'note', i.share_note, 'photo_url', i.share_photo_url)
          order by i.inspected_on desc, i.created_at desc)
        from (select * from buzz_haven.hive_inspections as i
          where i.hive_id = h.id and i.share order by i.inspected_on desc, i.created_at desc limit 20) as i), '[]'::jsonb),
      'batches', buzz_haven.my_hive_batches(h.id),
      'adoptions', coalesce((
        select jsonb_agg(jsonb_build_object('tier', a.tier, 'plan', a.plan, 'status', a.status,
            'monthly_price', a.monthly_price, 'since', a.created_at, 'gift', a.plan <> 'monthly')
          order by a.created_at)
        from buzz_haven.adoption_requests as a
        where a.hive_id = h.id and a.status <> 'ended'
          and (lower(a.email) = v_email or lower(a.recipient_email) = v_email)), '[]'::jsonb)
    ) order by h.name, h.id), '[]'::jsonb)
  into v_hives
  from hive_ids as x join buzz_haven.hives as h on h.id = x.id
  where p_hive_id is null or h.id = p_hive_id;
  if p_hive_id is not null and jsonb_array_length(v_hives) = 0 then
    raise exception 'This hive is not one of yours' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'email', v_email,
    'hives', v_hives,
    'workshops', coalesce((
      select jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'start_time', e.start_time, 'location', e.location)
        order by e.start_time)
      from (select * from buzz_haven.events as e
        where e.is_public and e.kind = 'workshop' and e.status = 'scheduled' and e.start_time > now()
        order by e.start_time limit 4) as e), '[]'::jsonb)
  );
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_my_hives');
revoke all on function buzz_haven.honey_batch_story(uuid) from public, anon, authenticated;
