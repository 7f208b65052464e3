-- Buzz Haven: the update convention of the managed resources (events, hives, inspections).
-- An update RPC takes every column as an argument defaulting to null, and a null argument keeps the
-- value, as update_buzz_haven_product does. JSON has no way to tell "keep" from "set to null" with a
-- single argument, so each update RPC also takes p_clear text[]: the names of the nullable columns
-- to set to null. A name the RPC cannot clear, or a column both given a value and named in
-- p_clear, is refused with a message the admin shows as is (22023, HTTP 400), before anything is
-- read or written. For example
--   update_buzz_haven_event(p_id => x, p_price => 900, p_clear => '{location,capacity}')
-- sets the price, empties the location and the capacity, and keeps every other column.

-- p_allowed: the columns this RPC may clear; p_given: the columns given a non-null argument.
create function buzz_haven.check_clear(p_clear text[], p_allowed text[], p_given text[]) returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_name text;
begin
  foreach v_name in array coalesce(p_clear, '{}') loop
    perform buzz_haven.check_input(
      v_name = any (p_allowed),
      format('Cannot clear %s (only %s can be cleared)', coalesce(v_name, 'null'), array_to_string(p_allowed, ', '))
    );
    perform buzz_haven.check_input(not v_name = any (p_given), format('Cannot both set and clear %s', v_name));
  end loop;
end;
$$;
revoke all on function buzz_haven.check_clear(text[], text[], text[]) from public, anon, authenticated;
