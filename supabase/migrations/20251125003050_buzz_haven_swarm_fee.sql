-- Buzz Haven: the swarm collection fee range lives in a table (issue 23, item 1), as the other
-- prices do (20251125003000_buzz_haven_price_tables.sql): one row, fee_min and fee_max in cents,
-- that staff edit in the back office (Swarm Fee) and the site build reads (get_buzz_haven_swarm_fee,
-- anon: the fee is public; pages quote it as {{swarm.fee}}). The content document catalog/swarm
-- keeps the words (waiver, hotline, season, criteria); its stored bodies lose feeMin and feeMax
-- here, as its schema (content/schema/catalog/swarm.ts) no longer has them.

create table buzz_haven.swarm_fee (
  id uuid primary key default gen_random_uuid(),
  -- one row: the fee range is one fact
  singleton boolean not null default true constraint swarm_fee_one_row unique constraint swarm_fee_singleton check (singleton),
  fee_min integer not null constraint swarm_fee_fee_min_range check (fee_min between 0 and 1000000),
  fee_max integer not null constraint swarm_fee_fee_max_range check (fee_max between 0 and 1000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint swarm_fee_min_not_above_max check (fee_min <= fee_max)
);
comment on table buzz_haven.swarm_fee is 'The swarm collection fee range in cents (one row).';
alter table buzz_haven.swarm_fee enable row level security;
revoke all on buzz_haven.swarm_fee from public, anon, authenticated;

create trigger swarm_fee_set_updated_at before update on buzz_haven.swarm_fee
  for each row execute function buzz_haven.set_updated_at();
create trigger swarm_fee_log_activity after insert or update or delete on buzz_haven.swarm_fee
  for each row execute function buzz_haven.log_activity('swarm fee', 'fee_min');

-- seed data: $75-150, as content/catalog/swarm.yaml gave it
insert into buzz_haven.swarm_fee (fee_min, fee_max) values (7500, 15000);

create function public.get_buzz_haven_swarm_fee()
returns setof buzz_haven.swarm_fee
language sql
stable
security definer -- reads buzz_haven.swarm_fee, which the caller has no grant on
set search_path = ''
as $$
  select * from buzz_haven.swarm_fee
$$;

-- A null argument keeps the value (no column can be emptied; p_clear is taken for the convention).
create function public.update_buzz_haven_swarm_fee(
  p_id uuid, p_fee_min integer default null, p_fee_max integer default null, p_clear text[] default '{}'
)
returns buzz_haven.swarm_fee
language plpgsql
security definer -- writes buzz_haven.swarm_fee, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.swarm_fee;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  select * into v from buzz_haven.swarm_fee as f where f.id = p_id for update;
  if not found then
    raise exception 'Swarm fee not found' using errcode = 'PT404';
  end if;
  v.fee_min := coalesce(p_fee_min, v.fee_min);
  v.fee_max := coalesce(p_fee_max, v.fee_max);
  perform buzz_haven.check_input(v.fee_min between 0 and 1000000 and v.fee_max between 0 and 1000000,
    'The fee must be between $0 and $10,000');
  perform buzz_haven.check_input(v.fee_min <= v.fee_max, 'The lowest fee cannot be above the highest');
  update buzz_haven.swarm_fee as f set fee_min = v.fee_min, fee_max = v.fee_max where f.id = p_id returning f.* into v;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_swarm_fee()',
  'public.update_buzz_haven_swarm_fee(uuid, integer, integer, text[])'
);

-- The stored catalog/swarm bodies lose the fee range (content_versions keeps each version).
update buzz_haven.content_documents as d
set draft = d.draft - array['feeMin', 'feeMax'], published = d.published - array['feeMin', 'feeMax']
where d.key = 'catalog/swarm';
