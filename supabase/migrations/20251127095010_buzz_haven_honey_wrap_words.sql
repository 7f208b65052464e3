-- Buzz Haven: the stored 'pages/honey' document gets the words of the hives' art wraps on the batch
-- pages (hives.wrap, hives.noWrap, hives.wrapAlt; 20251127095000 gives the pages the wraps). Its
-- schema (content/schema/pages/honey.ts) requires them, so without this a database seeded before
-- would fail the site build. Words staff already have stay; the words are content/pages/honey.yaml's,
-- in the draft and the published body. A database seeded after this gets them from content/.

update buzz_haven.content_documents as d
set draft = case when jsonb_typeof(d.draft -> 'hives') = 'object'
    then jsonb_set(d.draft, '{hives}', w.words || (d.draft -> 'hives')) else d.draft end,
  published = case when jsonb_typeof(d.published -> 'hives') = 'object'
    then jsonb_set(d.published, '{hives}', w.words || (d.published -> 'hives')) else d.published end
from (select $words${
  "wrap": "Art wrap: {title} by {artist}",
  "noWrap": "A plain hive: no art wrap yet.",
  "wrapAlt": "The art wrap {title} by {artist} on {hive}"
}$words$::jsonb as words) as w
where d.key = 'pages/honey';
