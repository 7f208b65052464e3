-- Buzz Haven: one call gives a back-office table what every resource needs besides its columns and
-- RPCs (issue 23, item 3). A resource used to take three trigger statements written by hand in
-- three places (updated_at: 20251122000100, activity log: 20251123000710, second factor on delete:
-- 20251123000600 / 20251125000200), and a table added by the README's recipe got none of them: an
-- empty History and deletes without the second factor. Now a resource's migration ends with
--
--   select buzz_haven.manage_resource('buzz_haven.bees', 'bee', 'name');
--
-- which attaches, to a table in schema buzz_haven:
-- * buzz_haven.set_updated_at() before each update, when the table has an updated_at column;
-- * buzz_haven.log_activity(<noun>, <title column>) after each insert, update and delete: the
--   activity log names the row '<noun> <title>' ('Created bee Buzz'), the dashboard's Recent
--   Activity and the detail page's History read it;
-- * the second factor on deletes (buzz_haven.require_second_factor_for_deletes), unless
--   p_second_factor_deletes is false (tables the back office never deletes from, e.g. orders).
-- Idempotent: an existing updated_at or second-factor trigger is kept; the activity trigger is
-- replaced, so the last call names the noun and title. Triggers written by hand the earlier way keep
-- working; calling the helper on such a table gives the same triggers under the same names.

create function buzz_haven.manage_resource(
  p_table regclass,
  p_noun text,
  p_title_column text,
  p_second_factor_deletes boolean default true
) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_schema name;
  v_name name;
  v_trigger name;
begin
  select n.nspname, c.relname into v_schema, v_name
  from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  where c.oid = p_table and c.relkind in ('r', 'p');
  if v_schema is distinct from 'buzz_haven' then
    raise exception 'manage_resource: % is not a table in schema buzz_haven', p_table using errcode = '22023';
  end if;
  if coalesce(btrim(p_noun), '') = '' then
    raise exception 'manage_resource: % needs a noun for its activity log', p_table using errcode = '22023';
  end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = p_title_column and a.attnum > 0 and not a.attisdropped
  ) or not exists (
    select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped
  ) then
    raise exception 'manage_resource: % needs a uuid column id and the title column %', p_table, coalesce(p_title_column, '(none)')
      using errcode = '22023';
  end if;

  if exists (select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'updated_at' and not a.attisdropped)
    and not exists (select 1 from pg_catalog.pg_trigger as t where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.set_updated_at()'::regprocedure)
  then
    execute format('create trigger %I before update on %s for each row execute function buzz_haven.set_updated_at()',
      v_name || '_set_updated_at', p_table);
  end if;

  for v_trigger in
    select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.log_activity()'::regprocedure
  loop
    execute format('drop trigger %I on %s', v_trigger, p_table);
  end loop;
  execute format(
    'create trigger %I after insert or update or delete on %s for each row execute function buzz_haven.log_activity(%L, %L)',
    v_name || '_log_activity', p_table, btrim(p_noun), p_title_column);

  if p_second_factor_deletes then
    perform buzz_haven.require_second_factor_for_deletes(p_table);
  end if;
end;
$$;

comment on function buzz_haven.manage_resource(regclass, text, text, boolean) is
  'Gives a buzz_haven table its updated_at trigger, activity log (noun, title column) and second factor on deletes.';
revoke all on function buzz_haven.manage_resource(regclass, text, text, boolean) from public, anon, authenticated;

-- Every table that had these triggers by hand, declared once more here with the same noun and title
-- (so the same triggers, under the same names). New: adopt_gift_terms and media get the updated_at
-- trigger (both had the column; update_buzz_haven_media already set it, gift terms' never changed).
select buzz_haven.manage_resource('buzz_haven.products', 'product', 'name');
select buzz_haven.manage_resource('buzz_haven.events', 'event', 'title');
select buzz_haven.manage_resource('buzz_haven.hives', 'hive', 'name');
select buzz_haven.manage_resource('buzz_haven.hive_inspections', 'inspection of', 'inspected_on');
select buzz_haven.manage_resource('buzz_haven.media', 'media', 'title');
select buzz_haven.manage_resource('buzz_haven.adopt_tiers', 'adoption tier', 'slug');
select buzz_haven.manage_resource('buzz_haven.adopt_gift_terms', 'gift term of', 'months');
select buzz_haven.manage_resource('buzz_haven.hosting_plans', 'hosting plan', 'slug');
select buzz_haven.manage_resource('buzz_haven.workshop_offerings', 'workshop offering', 'slug');
-- No delete path in the back office (and deletes that cascade from elsewhere stay as they were).
select buzz_haven.manage_resource('buzz_haven.users', 'user', 'name', false);
select buzz_haven.manage_resource('buzz_haven.contact_messages', 'message', 'subject', false);
select buzz_haven.manage_resource('buzz_haven.content', 'page', 'title', false);
select buzz_haven.manage_resource('buzz_haven.orders', 'order', 'number', false);
select buzz_haven.manage_resource('buzz_haven.event_registrations', 'registration of', 'name', false);
select buzz_haven.manage_resource('buzz_haven.adoption_requests', 'adoption by', 'name', false);
select buzz_haven.manage_resource('buzz_haven.swarm_reports', 'swarm report at', 'location', false);
select buzz_haven.manage_resource('buzz_haven.shipping_rates', 'shipping rate', 'delivery', false);
select buzz_haven.manage_resource('buzz_haven.swarm_fee', 'swarm fee', 'fee_min', false);
