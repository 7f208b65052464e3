-- Buzz Haven: the label sheet's words (issue 27, item 3) move out of the back office's code into the
-- 'pages/honey' content document's 'label' block (content/pages/honey.yaml; its schema,
-- content/schema/pages/honey.ts, requires it, and the back office's Print labels reads it from the
-- published document). A database seeded before gets the block in the draft and the published body;
-- a document that already has one keeps it. A database seeded after this gets it from content/.

update buzz_haven.content_documents as d
set draft = case when d.draft ? 'label' then d.draft else d.draft || jsonb_build_object('label', w.words) end,
  published = case when d.published is null or d.published ? 'label' then d.published
    else d.published || jsonb_build_object('label', w.words) end
from (select $words${
  "netWeight": "Net wt. {weight}",
  "harvestedInSeason": "Harvested in {neighbourhood}, {season}",
  "harvestedIn": "Harvested in {neighbourhood}",
  "harvestedSeason": "Harvested, {season}",
  "harvested": "Harvested",
  "code": "Batch {code}",
  "title": "Labels for batch {code}: {paper}",
  "qr": "QR code: {url}",
  "sheet": "Label sheet",
  "noteHeading": "Labels for batch {code}",
  "noteSheet": "on {paper}: {count} labels on this sheet.",
  "notePrint": "{jars} jars: print {sheets} at 100% scale (no \"fit to page\"), no margins. The QR code opens {url}.",
  "copies": {
    "one": "1 copy",
    "other": "{count} copies"
  },
  "papers": {
    "avery22807": "Avery 22807 (2\" round, 12 a sheet)",
    "avery5163": "Avery 5163 (2\" x 4\", 10 a sheet)"
  }
}$words$::jsonb as words) as w
where d.key = 'pages/honey';
