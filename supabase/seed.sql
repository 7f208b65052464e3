-- Buzz Haven demo data: what a newcomer sees after `npm start` (or `supabase db reset`).
-- Applied once, on a new database, after the migrations. Tests make their own data.
-- Prices are integer US cents. Re-running it changes nothing (on conflict).

-- The demo owner: owner@example.com / buzzhaven-owner. pgcrypto's bcrypt writes $2a$ hashes,
-- which the auth server (bcryptjs) and GoTrue both verify. The token columns are '' rather than
-- null because GoTrue cannot read nulls there.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
) values (
  '00000000-0000-0000-0000-000000000000',
  'b0220000-0000-4000-8000-000000000001',
  'authenticated',
  'authenticated',
  'owner@example.com',
  extensions.crypt('buzzhaven-owner', extensions.gen_salt('bf')),
  now(),
  '', '', '', '',
  '{"provider":"email","providers":["email"]}',
  '{"full_name":"Demo Owner"}',
  false,
  now(),
  now()
) on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (
  'b0220000-0000-4000-8000-000000000001',
  'b0220000-0000-4000-8000-000000000001',
  '{"sub":"b0220000-0000-4000-8000-000000000001","email":"owner@example.com","email_verified":true,"phone_verified":false}',
  'email',
  now(),
  now(),
  now()
) on conflict (provider_id, provider) do nothing;

insert into buzz_haven.users (id, auth_user_id, name, email, role, is_active)
values (
  'b0220000-0000-4000-8000-000000000101',
  'b0220000-0000-4000-8000-000000000001',
  'Demo Owner',
  'owner@example.com',
  'owner',
  true
) on conflict (auth_user_id) do nothing;

-- The shop: seven products (the site's /shop and the home page's three featured ones are built
-- from this table; content/catalog/images/<slug>.png is the picture of a product without an
-- image URL). Listed newest first in the back office; on the site in sort_order. The Spanish
-- name and description are the /es pages' and the Spanish e-mails'.
insert into buzz_haven.products (
  id, name, description, price, category, image_url, created_at,
  slug, size_label, section, featured, sort_order, image_alt, name_es, description_es
)
values
  ('b0220000-0000-4000-8000-000000000201', 'East Hills Wildflower Honey',
   'Raw, unfiltered honey from hives across East Hills backyards, gardens and rooftops. Bright, floral and different with every harvest.',
   2000, 'Honey', null, now(),
   'wildflower-honey', '16 oz jar', 'honey', true, 1,
   'A glass jar of golden wildflower honey with a honey dipper and purple wildflowers',
   'Miel de Flores Silvestres de East Hills',
   'Miel cruda y sin filtrar de colmenas en patios, jardines y azoteas de East Hills. Brillante, floral y diferente en cada cosecha.'),
  ('b0220000-0000-4000-8000-000000000202', 'Single-Origin Neighborhood Honey',
   'Honey from one host''s hive, labelled with its block and harvest season, so you can taste exactly where your bees have been foraging.',
   2400, 'Honey', null, now() - interval '1 minute',
   'single-origin-honey', '16 oz jar', 'honey', true, 2,
   'A jar of dark amber honey with a map-pin label marking its neighbourhood of origin',
   'Miel de Origen Único del Vecindario',
   'Miel de la colmena de un solo anfitrión, con su cuadra y la temporada de cosecha en la etiqueta, para que pruebe exactamente dónde han andado sus abejas buscando flores.'),
  ('b0220000-0000-4000-8000-000000000203', 'Community Blend Honey',
   'A smooth blend of spring and fall harvests from our community hives. A perfect first jar and an easy gift.',
   1800, 'Honey', null, now() - interval '2 minutes',
   'blend-honey', '8 oz jar', 'honey', false, 3,
   'A small jar of light golden blended honey',
   'Miel Mezcla Comunitaria',
   'Una mezcla suave de las cosechas de primavera y otoño de nuestras colmenas comunitarias. Perfecta como primer frasco y fácil de regalar.'),
  ('b0220000-0000-4000-8000-000000000204', 'Honey Tasting Gift Set',
   'Three jars of seasonal and single-origin honey in a recycled gift box, with tasting notes written by our beekeepers.',
   4500, 'Honey', null, now() - interval '3 minutes',
   'gift-set', '3-jar gift set', 'honey', true, 4,
   'Three honey jars of different shades side by side in a kraft gift box',
   'Set de Regalo para Probar Miel',
   'Tres frascos de miel de temporada y de origen único en una caja de regalo reciclada, con notas de cata escritas por nuestros apicultores.'),
  ('b0220000-0000-4000-8000-000000000205', 'Hand-Poured Beeswax Candle',
   'Pure beeswax from our own hives with a cotton wick. Burns clean and long with a soft honey scent.',
   2200, 'Beeswax', null, now() - interval '4 minutes',
   'beeswax-candle', '8 oz candle', 'beeswax', false, 5,
   'A lit golden beeswax candle in a short glass',
   'Vela de Cera de Abeja Hecha a Mano',
   'Cera de abeja pura de nuestras propias colmenas, con mecha de algodón. Arde limpia y por mucho tiempo, con un suave aroma a miel.'),
  ('b0220000-0000-4000-8000-000000000206', 'Beeswax Lip Balm Trio',
   'Three lip balms of beeswax, sunflower oil and shea butter: honey, mint and unscented.',
   1500, 'Beeswax', null, now() - interval '5 minutes',
   'lip-balm-set', 'set of 3 lip balms', 'beeswax', false, 6,
   'Three lip balm tubes in honey, mint and cream colours',
   'Trío de Bálsamos Labiales de Cera de Abeja',
   'Tres bálsamos labiales de cera de abeja, aceite de girasol y manteca de karité: miel, menta y sin aroma.'),
  ('b0220000-0000-4000-8000-000000000207', 'Beeswax Food Wrap Starter Pack',
   'Reusable cotton wraps coated in beeswax and tree resin: small, medium and large, to replace plastic cling film in your kitchen.',
   2400, 'Beeswax', null, now() - interval '6 minutes',
   'food-wrap-pack', 'starter pack of 3 wraps', 'beeswax', false, 7,
   'Three folded beeswax food wraps with honeycomb and floral prints',
   'Paquete Inicial de Envolturas de Cera para Alimentos',
   'Envolturas reutilizables de algodón cubiertas de cera de abeja y resina de árbol: chica, mediana y grande, para dejar el plástico adherente en su cocina.')
on conflict (id) do nothing;

-- Events: the workshops of /services/workshops (their length and price per person), a public
-- open day and a market; kind, capacity (spots) and price in cents where the site states them.
-- A workshop's offering is its id in the 'catalog/workshop-offerings' content document; the
-- public scheduled ones make the site's workshop schedule (one session of each offering, and a
-- second Beekeeping Basics), at their Los Angeles times, 2 to 6 weeks from the seeding day.
insert into buzz_haven.events (id, title, location, start_time, end_time, status, kind, capacity, is_public, price, description, offering)
values
  ('b0220000-0000-4000-8000-000000000301', 'Beekeeping Basics Workshop', 'Buzz Haven Sanctuary',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '14 days 9 hours') at time zone 'America/Los_Angeles',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '14 days 12 hours') at time zone 'America/Los_Angeles',
   'scheduled', 'workshop', 6, true, 7500,
   'Three hours in the apiary: suiting up, opening a hive, spotting the queen and reading brood frames.', 'beekeeping-basics'),
  ('b0220000-0000-4000-8000-000000000302', 'Artistic Hive Design', 'Community Art Studio',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '21 days 10 hours') at time zone 'America/Los_Angeles',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '21 days 12 hours') at time zone 'America/Los_Angeles',
   'scheduled', 'workshop', 8, true, 4500, null, 'artistic-hive-design'),
  ('b0220000-0000-4000-8000-000000000303', 'Spring Honey Harvest Day', 'Rooftop Apiary',
   date_trunc('day', now()) - interval '30 days' + interval '9 hours',
   date_trunc('day', now()) - interval '30 days' + interval '12 hours', 'completed', 'harvest', null, false, 0, null, null),
  ('b0220000-0000-4000-8000-000000000304', 'Children''s Bee Discovery', 'Neighbourhood Library',
   date_trunc('day', now()) + interval '7 days 15 hours',
   date_trunc('day', now()) + interval '7 days 16 hours 30 minutes', 'cancelled', 'workshop', 12, true, 3500, null,
   'childrens-bee-discovery'),
  ('b0220000-0000-4000-8000-000000000305', 'Sanctuary Open Day', 'Buzz Haven Sanctuary',
   date_trunc('day', now()) + interval '28 days 11 hours',
   date_trunc('day', now()) + interval '28 days 15 hours', 'scheduled', 'open_day', null, true, 0,
   'Walk the sanctuary, watch an observation hive and taste this season''s honey. Free, no booking.', null),
  ('b0220000-0000-4000-8000-000000000306', 'Farmers Market Honey Stall', 'East Hills Farmers Market',
   date_trunc('day', now()) + interval '10 days 8 hours',
   date_trunc('day', now()) + interval '10 days 13 hours', 'scheduled', 'market', null, false, 0, null, null),
  ('b0220000-0000-4000-8000-000000000307', 'Bee Discovery for Kids', 'Buzz Haven Sanctuary',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '28 days 10 hours') at time zone 'America/Los_Angeles',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '28 days 11 hours 30 minutes') at time zone 'America/Los_Angeles',
   'scheduled', 'workshop', 12, true, 3500, null, 'childrens-bee-discovery'),
  ('b0220000-0000-4000-8000-000000000308', 'Beekeeping Traditions Evening', 'Community Art Studio',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '35 days 13 hours') at time zone 'America/Los_Angeles',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '35 days 15 hours') at time zone 'America/Los_Angeles',
   'scheduled', 'workshop', 10, true, 4500, null, 'cultural-beekeeping-traditions'),
  ('b0220000-0000-4000-8000-000000000309', 'Hive Basics, Second Session', 'Buzz Haven Sanctuary',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '42 days 9 hours') at time zone 'America/Los_Angeles',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '42 days 12 hours') at time zone 'America/Los_Angeles',
   'scheduled', 'workshop', 10, true, 7500, null, 'beekeeping-basics')
on conflict (id) do nothing;

-- A volunteer shift: an event of kind volunteer whose capacity is its number of places;
-- visitors sign up on /impact#join.
insert into buzz_haven.events (id, title, location, start_time, end_time, status, kind, capacity, is_public, price, description)
values
  ('b0220000-0000-4000-8000-000000000311', 'Pollinator Garden Planting Day', 'Buzz Haven Sanctuary',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '17 days 9 hours') at time zone 'America/Los_Angeles',
   (date_trunc('day', now() at time zone 'America/Los_Angeles') + interval '17 days 12 hours') at time zone 'America/Los_Angeles',
   'scheduled', 'volunteer', 3, true, 0,
   'Plant native flowers along the sanctuary path. Gloves and tools provided; wear closed shoes.')
on conflict (id) do nothing;

-- Hives with their inspection log: the Schoolyard Hive's last inspection is 30 days old, so it is
-- the one hive due for an inspection (more than 21 days); the others were inspected recently.
-- Each with a fixed sign code (its QR label's, /hive/<code>), so a site built from one seeded
-- database has the pages another seeded database's labels name.
insert into buzz_haven.hives (id, name, location, host, status, queen_installed_date, queen_source, queen_marking, notes,
  sign_code, name_es)
values
  ('b0220000-0000-4000-8000-000000000401', 'Sanctuary Hive 1', 'Buzz Haven Sanctuary', null, 'active',
   (now() - interval '400 days')::date, 'Local swarm', 'Blue', null, 'SANCTU01', 'Colmena del Santuario 1'),
  ('b0220000-0000-4000-8000-000000000402', 'Rooftop Hive', 'Downtown rooftop garden', 'Rooftop garden co-op', 'active',
   (now() - interval '120 days')::date, 'Mated queen from a local breeder', 'White', null, 'ROOFTOP2', 'Colmena de la Azotea'),
  ('b0220000-0000-4000-8000-000000000403', 'Schoolyard Hive', 'Oak Street Elementary', 'Oak Street Elementary', 'active',
   (now() - interval '60 days')::date, null, null, null, 'SCHOOL03', 'Colmena del Patio Escolar'),
  ('b0220000-0000-4000-8000-000000000404', 'Swarm Rescue Hive', 'Buzz Haven Sanctuary', null, 'queenless', null,
   null, null, 'Swarm collected in April; kept apart from the other hives until a new queen is laying.', 'RESCUE04',
   'Colmena del Enjambre Rescatado')
on conflict (id) do nothing;

insert into buzz_haven.hive_inspections (
  id, hive_id, inspected_on, inspector, queen_seen, eggs_seen, brood_pattern, temperament,
  frames_of_bees, varroa_count, treatment, supers_added, honey_harvested_lb, notes, created_by
)
values
  ('b0220000-0000-4000-8000-000000000601', 'b0220000-0000-4000-8000-000000000401', current_date - 5,
   'Demo Owner', true, true, 'solid', 'calm', 14, 2, null, 1, null, 'Strong colony; added a honey super.',
   'b0220000-0000-4000-8000-000000000101'),
  ('b0220000-0000-4000-8000-000000000602', 'b0220000-0000-4000-8000-000000000401', current_date - 19,
   'Demo Owner', true, true, 'solid', 'calm', 12, 3, null, 0, 18.5, 'Spring harvest from two frames.',
   'b0220000-0000-4000-8000-000000000101'),
  ('b0220000-0000-4000-8000-000000000603', 'b0220000-0000-4000-8000-000000000402', current_date - 9,
   'Demo Owner', false, true, 'spotty', 'nervous', 8, 9, 'Oxalic acid vapour', null, null, 'Recheck mites in two weeks.',
   'b0220000-0000-4000-8000-000000000101'),
  ('b0220000-0000-4000-8000-000000000604', 'b0220000-0000-4000-8000-000000000403', current_date - 30,
   'Demo Owner', true, true, 'patchy', 'calm', 10, 4, null, null, null, null,
   'b0220000-0000-4000-8000-000000000101'),
  ('b0220000-0000-4000-8000-000000000605', 'b0220000-0000-4000-8000-000000000404', current_date - 3,
   'Demo Owner', false, false, 'none', 'defensive', 5, 1, null, null, null, 'No eggs; a queen cell is capped.',
   'b0220000-0000-4000-8000-000000000101')
on conflict (id) do nothing;

-- Honey you can trace: one published batch of the wildflower honey from two harvests,
-- its page /honey/EH-26F-01 and /shop's current-batch link.
insert into buzz_haven.honey_batches (id, code, product_id, jar_count, bottled_on, notes, published, notes_es)
values
  ('b0220000-0000-4000-8000-000000000801', 'EH-26F-01', 'b0220000-0000-4000-8000-000000000201', 60, '2026-10-18',
   'A late-season blend: light amber, with a long floral finish.', true,
   'Una mezcla de fin de temporada: ámbar claro, con un final floral largo.')
on conflict (id) do nothing;
-- The neighbourhoods harvests are chosen from (East Hills, the service area's, comes with the migrations).
insert into buzz_haven.neighbourhoods (name) values ('Downtown'), ('Sanctuary Hill') on conflict (name) do nothing;
insert into buzz_haven.honey_harvests (id, hive_id, batch_id, harvested_on, season, neighbourhood, weight_lb, moisture_pct,
  floral_notes)
values
  ('b0220000-0000-4000-8000-000000000811', 'b0220000-0000-4000-8000-000000000401', 'b0220000-0000-4000-8000-000000000801',
   '2026-10-03', 'fall', 'East Hills', 42.5, 17.4, 'Toyon, buckwheat and late sage.'),
  ('b0220000-0000-4000-8000-000000000812', 'b0220000-0000-4000-8000-000000000402', 'b0220000-0000-4000-8000-000000000801',
   '2026-10-10', 'fall', 'Downtown', 18.0, 17.9, 'Street-tree blossom and rooftop lavender.')
on conflict (id) do nothing;

-- Images are inline SVGs so the media grid shows pictures without any file server.
insert into buzz_haven.media (id, title, file_path, file_type)
values
  ('b0220000-0000-4000-8000-000000000501', 'Honeycomb pattern',
   'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 120 80%27%3E%3Crect width=%27120%27 height=%2780%27 fill=%27%23f6c945%27/%3E%3Cpath d=%27M30 20l17 10v20l-17 10-17-10V30zm40 0l17 10v20l-17 10-17-10V30z%27 fill=%27%23e0a100%27/%3E%3C/svg%3E',
   'image/svg+xml'),
  ('b0220000-0000-4000-8000-000000000502', 'Hive wrap: Sunflowers',
   'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 120 80%27%3E%3Crect width=%27120%27 height=%2780%27 fill=%27%2387b36b%27/%3E%3Ccircle cx=%2760%27 cy=%2740%27 r=%2718%27 fill=%27%23f6c945%27/%3E%3Ccircle cx=%2760%27 cy=%2740%27 r=%278%27 fill=%27%236b4226%27/%3E%3C/svg%3E',
   'image/svg+xml'),
  ('b0220000-0000-4000-8000-000000000503', 'Host a Hive guide', '/docs/host-a-hive-guide.pdf',
   'application/pdf'),
  ('b0220000-0000-4000-8000-000000000504', 'Swarm collection, April', '/video/swarm-collection.mp4',
   'video/mp4')
on conflict (id) do nothing;

-- The map of the hives: three hosts show their hive on /hives, each with its
-- neighbourhood, stored coordinates (never public: the map shows a ~300 m grid cell) and a wrap
-- installed from a printed design of an earlier month's vote, with its photo from the media library.
update buzz_haven.hives as h
set neighbourhood = v.neighbourhood, latitude = v.latitude, longitude = v.longitude, on_map = true,
  host_display_name = v.host_display_name, show_host_name = v.show_host_name
from (values
  ('b0220000-0000-4000-8000-000000000401'::uuid, 'Sanctuary Hill', 37.795431, -122.231502, 'Buzz Haven Sanctuary', true),
  ('b0220000-0000-4000-8000-000000000402'::uuid, 'Downtown', 37.804612, -122.271389, 'The Rooftop Garden Co-op', true),
  ('b0220000-0000-4000-8000-000000000403'::uuid, 'Oak Street', 37.812077, -122.247911, null, false)
) as v (id, neighbourhood, latitude, longitude, host_display_name, show_host_name)
where h.id = v.id and h.latitude is null;

insert into buzz_haven.media (id, title, file_path, file_type)
values
  ('b0220000-0000-4000-8000-000000002601', 'Wrap installed: Poppy Parade', 'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 120 80%27%3E%3Crect width=%27120%27 height=%2780%27 fill=%27%23f6c945%27/%3E%3Ccircle cx=%2730%27 cy=%2740%27 r=%2716%27 fill=%27%23e07a1f%27/%3E%3Ccircle cx=%2770%27 cy=%2730%27 r=%2712%27 fill=%27%23e07a1f%27/%3E%3Ccircle cx=%2798%27 cy=%2752%27 r=%2714%27 fill=%27%23e07a1f%27/%3E%3C/svg%3E', 'image/svg+xml'),
  ('b0220000-0000-4000-8000-000000002602', 'Wrap installed: Creek Hills', 'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 120 80%27%3E%3Crect width=%27120%27 height=%2780%27 fill=%27%239fd0e8%27/%3E%3Cpath d=%27M0 60 Q30 35 60 60 T120 60 V80 H0z%27 fill=%27%232f6b3a%27/%3E%3Ccircle cx=%2790%27 cy=%2722%27 r=%2710%27 fill=%27%23f6c945%27/%3E%3C/svg%3E', 'image/svg+xml'),
  ('b0220000-0000-4000-8000-000000002603', 'Wrap installed: Honeycomb Night', 'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 120 80%27%3E%3Crect width=%27120%27 height=%2780%27 fill=%27%231d3557%27/%3E%3Cpath d=%27M30 20l17 10v20l-17 10-17-10V30zm40 10l17 10v20l-17 10-17-10V40z%27 fill=%27%23f6c945%27/%3E%3C/svg%3E', 'image/svg+xml')
on conflict (id) do nothing;

insert into buzz_haven.art_designs (id, status, vote_month, title, statement, artist_name, email, consent_at,
  email_confirmed_at, file_type, file_bytes, width, height, checks_passed, uploaded_at, approved_at, winner,
  to_print_at, printed_at)
values
  ('b0220000-0000-4000-8000-000000002611', 'installed', (date_trunc('month', now()) - interval '3 months')::date,
   'Poppy Parade', 'California poppies marching round the hive, one for every forager.', 'Lena Ortiz',
   'lena.ortiz@example.com', now(), now(), 'image/png', 2400000, 3000, 2000, true, now(), now(), true, now(), now()),
  ('b0220000-0000-4000-8000-000000002612', 'installed', (date_trunc('month', now()) - interval '2 months')::date,
   'Creek Hills', 'The creek and the hills the bees fly over, painted by the children who walk them.', 'Sam Lee and the Oak Street 4th grade',
   'sam.lee@example.com', now(), now(), 'image/png', 2100000, 2800, 2000, true, now(), now(), true, now(), now()),
  ('b0220000-0000-4000-8000-000000002613', 'installed', (date_trunc('month', now()) - interval '1 month')::date,
   'Honeycomb Night', 'Gold comb on a midnight sky: the hive as a lantern.', 'Dev Patel',
   'dev.patel@example.com', now(), now(), 'image/png', 1900000, 2600, 2000, true, now(), now(), true, now(), now()),
  -- printed and waiting for its hive (Hive Wraps > Install a wrap)
  ('b0220000-0000-4000-8000-000000002614', 'printed', (date_trunc('month', now()) - interval '1 month')::date,
   'Clover Crown', 'White clover and a crown of bees: the lawn the hive forgives.', 'Ana Ruiz',
   'ana.ruiz@example.com', now(), now(), 'image/png', 2000000, 2600, 2000, true, now(), now(), true, now(), now())
on conflict (id) do nothing;

insert into buzz_haven.hive_wraps (id, hive_id, design_id, installed_on, photo_url)
select v.id, v.hive_id, v.design_id, current_date - v.days_ago, m.file_path
from (values
  ('b0220000-0000-4000-8000-000000002621'::uuid, 'b0220000-0000-4000-8000-000000000402'::uuid, 'b0220000-0000-4000-8000-000000002611'::uuid, 60, 'b0220000-0000-4000-8000-000000002601'::uuid),
  ('b0220000-0000-4000-8000-000000002622'::uuid, 'b0220000-0000-4000-8000-000000000403'::uuid, 'b0220000-0000-4000-8000-000000002612'::uuid, 30, 'b0220000-0000-4000-8000-000000002602'::uuid),
  ('b0220000-0000-4000-8000-000000002623'::uuid, 'b0220000-0000-4000-8000-000000000401'::uuid, 'b0220000-0000-4000-8000-000000002613'::uuid, 7, 'b0220000-0000-4000-8000-000000002603'::uuid)
) as v (id, hive_id, design_id, days_ago, media_id)
join buzz_haven.media as m on m.id = v.media_id
on conflict (id) do nothing;

-- The hive-wrap art collective: one approved design on this month's ballot, so /art/vote
-- shows a design on a new database. Its image is content/art/bee-garden.png, shipped with the
-- repository: the site build reads 'seed/' paths from content/art/ (site/src/build/artNodes.ts), and
-- the embedded backend stores that file as art-submissions/seed/bee-garden.png for the back office
-- (supabase/local/src/db/seedStorage.ts; scripts/seed-content.mts elsewhere). The print checks,
-- file_type and file_bytes are those of that file (tests/api/art-seed-picture.test.ts).
insert into buzz_haven.art_designs (id, status, vote_month, title, statement, artist_name, email, link, consent_at,
  email_confirmed_at, storage_path, file_type, file_bytes, width, height, checks_passed, uploaded_at, approved_at)
values
  ('b0220000-0000-4000-8000-000000000701', 'approved', buzz_haven.art_current_month(), 'Bee Garden',
   'Honeycomb sky over a row of pollinator flowers: the garden the hive lives for.', 'Mara Quinn',
   'mara.quinn@example.com', 'https://www.instagram.com/buzzhaven', now(), now(), 'seed/bee-garden.png',
   'image/png', 37317, 2400, 1600, true, now(), now())
on conflict (id) do nothing;
insert into buzz_haven.art_ballots (month) values (buzz_haven.art_current_month()) on conflict (month) do nothing;
