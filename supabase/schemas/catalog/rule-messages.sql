-- The words of this area's rules: a product's required name, and the messages of its tables'
-- CHECKs.
set check_function_bodies = false;


-- A product's name is required in words the form shows (its CHECK says only that it is not blank).
create function buzz_haven.check_product(v buzz_haven.products) returns void
language sql stable set search_path = ''
as $$
  select buzz_haven.check_input(nullif(btrim(v.name), '') is not null, 'Name is required')
$$;
revoke all on function buzz_haven.check_product(buzz_haven.products) from public, anon, authenticated;

-- The messages of this area's table rules (how they are raised: buzz_haven.constraint_messages).
-- A missing slug or price keeps its words through the NOT NULL rows (23502). What no one-column
-- CHECK holds stays in the functions: a slug used by another row, the youngest age above the
-- oldest, a ZIP's format and uniqueness, a product's required name.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.adopt_gift_terms', 'buzz_haven.products');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- adopt_tiers
  ('adopt_tiers_slug_format', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('adopt_tiers_slug_not_null', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('adopt_tiers_monthly_price_range', 'Monthly price must be between $%s and $%s'),
  ('adopt_tiers_monthly_price_not_null', 'Monthly price must be between $%s and $%s'),
  ('adopt_tiers_sort_order_range', 'Order must be between %s and %s'),
  -- adopt_gift_terms
  ('adopt_gift_terms_months_not_null', 'Months must be between %s and %s'),
  -- hosting_plans
  ('hosting_plans_slug_format', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('hosting_plans_slug_not_null', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('hosting_plans_yearly_price_range', 'Yearly price must be between $%s and $%s'),
  ('hosting_plans_yearly_price_not_null', 'Yearly price must be between $%s and $%s'),
  ('hosting_plans_sort_order_range', 'Order must be between %s and %s'),
  -- shipping_rates
  ('shipping_rates_price_range', 'Price must be between $%s and $%s'),
  ('shipping_rates_free_over_range', 'Free over must be between $%s and $%s'),
  -- host_yard_minimum
  ('host_yard_minimum_length_range', 'Length and width must be between %s and %s feet'),
  ('host_yard_minimum_width_range', 'Length and width must be between %s and %s feet'),
  -- service_area_zips
  ('service_area_zips_area_length', 'Area is required (%s characters at most)'),
  ('service_area_zips_area_max_length', 'Area is required (%s characters at most)'),
  ('service_area_zips_area_not_null', 'Area is required (%s characters at most)'),
  ('service_area_zips_zip_format', 'ZIP code must be 5 digits'),
  ('service_area_zips_zip_not_null', 'ZIP code must be %s digits'),
  -- products
  ('products_image_url_length', 'Image URL is too long (%s characters at most)'),
  ('products_image_url_http', 'Must be a valid URL'),
  ('products_price_not_negative', 'Price must be positive'),
  ('products_slug_format', 'Slug must be lowercase letters, digits and single dashes'),
  ('products_sort_order_range', 'Order must be between %s and %s'),
  ('products_image_alt_length', 'Image alt text is too long (%s characters at most)'),
  ('products_name_es_length', 'Name (Spanish) is too long (%s characters at most)'),
  ('products_description_es_length', 'Description (Spanish) is too long (%s characters at most)');
