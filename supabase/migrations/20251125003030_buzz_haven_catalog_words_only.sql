-- Buzz Haven: the catalogue documents keep only words (issue 23, item 1). The shipping rates and
-- the adoption tiers' prices and gift terms are rows now (20251125003000_buzz_haven_price_tables.sql,
-- …003010_buzz_haven_adopt_tier_tables.sql), and the documents' schemas
-- (content/schema/catalog/shipping-rates.ts, adopt-tiers.ts) no longer have those keys, so a
-- stored document that still held them would fail the site build's check and the publish check.
-- They are removed from the stored draft and published bodies; content_versions keeps each
-- version as it was published. A database seeded after this migration gets the documents from
-- content/ without them.

update buzz_haven.content_documents as d
set draft = d.draft - array['standard', 'express', 'freeOver', 'pickup'],
  published = d.published - array['standard', 'express', 'freeOver', 'pickup']
where d.key = 'catalog/shipping-rates';
update buzz_haven.content_documents as d
set draft = d.draft - 'giftMonths' || jsonb_build_object('tiers', coalesce((
    select jsonb_agg(t - 'price' order by n) from jsonb_array_elements(d.draft -> 'tiers') with ordinality as e (t, n)), '[]')),
  published = case when d.published is not null then d.published - 'giftMonths' || jsonb_build_object('tiers', coalesce((
    select jsonb_agg(t - 'price' order by n) from jsonb_array_elements(d.published -> 'tiers') with ordinality as e (t, n)), '[]')) end
where d.key = 'catalog/adopt-tiers';
