-- How a broken rule says its message: the explain triggers (CHECKs, NOT NULLs, foreign keys),
-- the bound a CHECK says (check_bounds, say_bounds), derived messages and derive_messages.
set check_function_bodies = false;

create function buzz_haven.explain_constraints_of(p_table regclass) returns void
language plpgsql set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_trigger as t
                 where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure) then
    execute format('create trigger %I before insert or update on %s for each row execute function buzz_haven.explain_constraints()',
      (select c.relname from pg_catalog.pg_class as c where c.oid = p_table) || '_explain_constraints', p_table);
  end if;
end;
$$;

-- A foreign key may have a constraint_messages row, as a CHECK has: a write naming a value its
-- table does not hold fails with that message at its field (23503, PostgREST's details naming it).
-- The foreign keys with a message: each one-column key of the table whose value is given and names
-- no row of the table it references raises its message. Called by explain_constraints (a write)
-- and explain_row (a row checked before it is written).
create function buzz_haven.explain_foreign_keys(p_table regclass, p_row jsonb) returns void
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.constraint_messages and the referenced table whoever writes
as $$
declare
  v record;
  v_found boolean;
begin
  for v in
    select c.conname, m.message, a.attname as field, c.confrelid::regclass as target, fa.attname as target_field,
      pg_catalog.format_type(fa.atttypid, fa.atttypmod) as target_type
    from pg_catalog.pg_constraint as c
    cross join lateral (select buzz_haven.rule_message(c.conname) as message) as m
    join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_catalog.pg_attribute as fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
    where c.conrelid = p_table and c.contype = 'f' and pg_catalog.array_length(c.conkey, 1) = 1 and m.message is not null
    order by c.conname
  loop
    continue when p_row ->> v.field is null;
    execute format('select exists (select 1 from %s as t where t.%I = $1::%s)', v.target, v.target_field, v.target_type)
      into v_found using p_row ->> v.field;
    if not v_found then
      raise exception using errcode = '23503', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
end;
$$;
revoke all on function buzz_haven.explain_foreign_keys(regclass, jsonb) from public, anon, authenticated;

-- The first CHECK of p_table with a message (buzz_haven.constraint_message) that p_row breaks,
-- raised with that message (a CHECK passes when true or null, as PostgreSQL's), the violation
-- naming its constraint and PostgREST's `details` its field. Called by explain_constraints (a
-- write) and explain_row (a row checked before it is written).
create function buzz_haven.explain_checks(p_table regclass, p_row anyelement) returns void
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.constraint_messages whoever checks
as $$
declare
  v record;
  v_ok boolean;
begin
  for v in
    select c.conname, m.message, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr,
      (select a.attname from pg_catalog.pg_attribute as a
       where a.attrelid = c.conrelid and a.attnum = c.conkey[1] and pg_catalog.array_length(c.conkey, 1) = 1) as field
    from pg_catalog.pg_constraint as c cross join lateral (select buzz_haven.constraint_message(c.oid) as message) as m
    where c.conrelid = p_table and c.contype = 'c' and m.message is not null
    order by c.conname
  loop
    execute format('select %s from (select ($1::%s).*) as t', v.expr, p_table) into v_ok using p_row;
    if v_ok is false then
      raise exception using errcode = '23514', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
end;
$$;
revoke all on function buzz_haven.explain_checks(regclass, anyelement) from public, anon, authenticated;

-- The first rule the row breaks, raised with its message: the CHECKs, then the NOT NULL columns,
-- then the foreign keys. The violation names its constraint, as PostgreSQL's own would
-- (PostgREST and supabase-js pass it on; tests match on it).
create function buzz_haven.explain_constraints() returns trigger
language plpgsql security definer set search_path = '' -- reads buzz_haven.constraint_messages whoever writes
as $$
declare
  v record;
begin
  perform buzz_haven.explain_checks(tg_relid, new);
  for v in
    select a.attname as field, m.constraint_name, m.message
    from pg_catalog.pg_attribute as a
    cross join lateral (select tg_table_name || '_' || a.attname || '_not_null' as constraint_name) as n
    cross join lateral (select buzz_haven.rule_message(n.constraint_name) as words) as w
    -- a NOT NULL row's %s say the bound of its column's CHECK, as that CHECK's row does
    cross join lateral (select n.constraint_name, case when w.words not like '%\%s%' then w.words
      else buzz_haven.say_bounds(w.words, (select buzz_haven.check_bounds(c.oid) from pg_catalog.pg_constraint as c
        where c.conrelid = tg_relid and c.contype = 'c' and c.conkey = array[a.attnum] and buzz_haven.check_bounds(c.oid) is not null
        order by c.conname limit 1)) end as message) as m
    where a.attrelid = tg_relid and a.attnotnull and a.attnum > 0 and not a.attisdropped and m.message is not null
  loop
    if pg_catalog.to_jsonb(new) -> v.field = 'null'::jsonb then
      raise exception using errcode = '23502', message = v.message, constraint = v.constraint_name,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.constraint_name)::text;
    end if;
  end loop;
  perform buzz_haven.explain_foreign_keys(tg_relid, pg_catalog.to_jsonb(new));
  return new;
end;
$$;
revoke all on function buzz_haven.explain_constraints_of(regclass) from public, anon, authenticated;
revoke all on function buzz_haven.explain_constraints() from public, anon, authenticated;

-- A column's name as a form's label says it: 'staff_notes' -> 'Staff notes'.
create function buzz_haven.column_label(p_column name) returns text
language sql immutable set search_path = ''
as $$
  select pg_catalog.upper(pg_catalog.left(p_column, 1)) || pg_catalog.replace(pg_catalog.substr(p_column, 2), '_', ' ')
$$;
revoke all on function buzz_haven.column_label(name) from public, anon, authenticated;

-- The bound a CHECK over one column says: {max} of a length ('char_length(name) <= 200', also
-- inside a longer CHECK such as a slug's or a one-line text's), {min, max} of a range ('frames
-- between 0 and 40'); null for any other shape. Read from the constraint, so that a message
-- never writes a number again.
create function buzz_haven.check_bounds(p_constraint oid) returns text[]
language sql stable set search_path = ''
as $$
  select coalesce(
    -- '(n >= 0)', '(lat >= ('-85'::integer)::numeric)', '(x <= (85)::numeric)'
    pg_catalog.regexp_match(d.def,
      '^CHECK \(\(\(\w+ >= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\) AND \(\w+ <= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\)\)\)$'),
    pg_catalog.regexp_match(d.def, 'char_length\((?:btrim\()?\w+\)?\) <= (\d+)\)'))
  from (select pg_catalog.pg_get_constraintdef(c.oid) as def from pg_catalog.pg_constraint as c
        where c.oid = p_constraint and c.contype = 'c' and pg_catalog.array_length(c.conkey, 1) = 1) as d
$$;
revoke all on function buzz_haven.check_bounds(oid) from public, anon, authenticated;

-- A constraint_messages row of a bound CHECK gives the words and leaves the number to the CHECK:
-- each %s takes the next of p_bounds (buzz_haven.check_bounds), and one after '$' is a bound in
-- cents said in dollars ('between $%s and $%s' of 'price between 0 and 1000000': 'between $0 and
-- $10,000'). A message without %s, or without bounds, stays as written.
create function buzz_haven.say_bounds(p_message text, p_bounds text[]) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v_parts text[] := pg_catalog.string_to_array(p_message, '%s');
  v_out text := v_parts[1];
begin
  if p_message is null or p_bounds is null or pg_catalog.cardinality(v_parts) < 2 then
    return p_message;
  end if;
  for i in 2 .. pg_catalog.cardinality(v_parts) loop
    v_out := v_out || case
      when i - 1 > pg_catalog.cardinality(p_bounds) then '%s'
      when pg_catalog.right(v_parts[i - 1], 1) = '$' then pg_catalog.to_char(p_bounds[i - 1]::numeric / 100, 'FM999,999,999,990')
      else p_bounds[i - 1] end || v_parts[i];
  end loop;
  return v_out;
end;
$$;
revoke all on function buzz_haven.say_bounds(text, text[]) from public, anon, authenticated;

-- The message a CHECK over one column says itself, from its bound, in the request's language
-- (the patterns derived_too_long, derived_between and derived_one_of of buzz_haven.rule_message,
-- the names of buzz_haven.column_words): a length ('<Label> is too long (200 characters at most)'),
-- a range ('<Label> must be between 0 and 40') or the allowed values ('<Label> must be new, active
-- or ended'); null for any other shape. The bound stands in the CHECK alone, so the message cannot
-- disagree with it.
create function buzz_haven.derived_message(p_constraint oid) returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_def text;
  v_column name;
  v_label text;
  v_match text[];
  v_values text[];
  v_locale text := buzz_haven.request_locale();
begin
  select pg_catalog.pg_get_constraintdef(c.oid), a.attname into v_def, v_column
  from pg_catalog.pg_constraint as c
  join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  where c.oid = p_constraint and c.contype = 'c' and pg_catalog.array_length(c.conkey, 1) = 1;
  v_label := coalesce((select w.words from buzz_haven.column_words as w
    where w.column_name = v_column and w.value = '' and w.locale = v_locale), buzz_haven.column_label(v_column));
  if v_def ~ '^CHECK \(\(char_length\(\w+\) <= \d+\)\)$'
    or v_def ~ '^CHECK \(\(\(char_length\(\w+\) >= 1\) AND \(char_length\(\w+\) <= \d+\)\)\)$' then
    return buzz_haven.say_bounds(pg_catalog.format(buzz_haven.rule_message('derived_too_long'), v_label, '%s'),
      buzz_haven.check_bounds(p_constraint));
  end if;
  if pg_catalog.cardinality(buzz_haven.check_bounds(p_constraint)) = 2 then
    return buzz_haven.say_bounds(pg_catalog.format(buzz_haven.rule_message('derived_between'), v_label, '%s', '%s'),
      buzz_haven.check_bounds(p_constraint));
  end if;
  v_match := pg_catalog.regexp_match(v_def, '^CHECK \(\(\w+ = ANY \(ARRAY\[(.*)\]\)\)\)$');
  if v_match is not null then
    select pg_catalog.array_agg(coalesce(w.words, pg_catalog.replace(m[1], '''''', '''')) order by n) into v_values
    from pg_catalog.regexp_matches(v_match[1], '''((?:[^'']|'''')*)''::text', 'g') with ordinality as t (m, n)
    left join buzz_haven.column_words as w
      on w.column_name = v_column and w.value = pg_catalog.replace(m[1], '''''', '''') and w.locale = v_locale;
    return pg_catalog.format(buzz_haven.rule_message('derived_one_of'), v_label, buzz_haven.join_or(v_values));
  end if;
  return null;
end;
$$;
revoke all on function buzz_haven.derived_message(oid) from public, anon, authenticated;

-- The message a broken constraint fails with, in the request's language: its constraint_messages
-- row in that language; else, on a table whose explain trigger derives (buzz_haven.derive_messages)
-- and when no English row gives other words, the words its bound says (buzz_haven.derived_message);
-- else its English row; null leaves PostgreSQL's own text. A row's %s say the CHECK's bound
-- (buzz_haven.say_bounds).
create function buzz_haven.constraint_message(p_constraint oid) returns text
language sql stable security definer set search_path = '' -- reads buzz_haven.constraint_messages whoever writes
as $$
  select buzz_haven.say_bounds(coalesce(
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint and m.locale = buzz_haven.request_locale()),
    (select buzz_haven.derived_message(p_constraint) from pg_catalog.pg_constraint as c
     join pg_catalog.pg_trigger as t on t.tgrelid = c.conrelid and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure
     where c.oid = p_constraint and t.tgnargs = 1 and not exists (select 1 from buzz_haven.constraint_messages as m
       where m.constraint_name = c.conname and m.locale = 'en')),
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint and m.locale = 'en')), buzz_haven.check_bounds(p_constraint))
$$;
revoke all on function buzz_haven.constraint_message(oid) from public, anon, authenticated;

-- A table whose bound and enum messages come from its CHECKs (buzz_haven.derived_message) unless a
-- constraint_messages row gives other words: its explain trigger carries the argument 'derive'.
create function buzz_haven.derive_messages(variadic p_tables regclass[]) returns void
language plpgsql set search_path = ''
as $$
declare
  v_table regclass;
  v_trigger name;
begin
  foreach v_table in array p_tables loop
    for v_trigger in
      select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = v_table and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure
    loop
      execute format('drop trigger %I on %s', v_trigger, v_table);
    end loop;
    execute format('create trigger %I before insert or update on %s for each row execute function buzz_haven.explain_constraints(%L)',
      (select c.relname from pg_catalog.pg_class as c where c.oid = v_table) || '_explain_constraints', v_table, 'derive');
  end loop;
end;
$$;
revoke all on function buzz_haven.derive_messages(regclass[]) from public, anon, authenticated;
