-- Buzz Haven: the stored content documents get the words of issue 27's pages and forms: the host
-- application form (pages/host-hive 'apply'), the volunteer sign-up (pages/impact 'volunteer') and
-- the new document pages/my-hive. Their schemas (content/schema/pages/host-hive.ts, impact.ts,
-- my-hive.ts) require them, so without this a database seeded before would fail the site build.
-- A document that already has the block keeps it; the words are content/pages/*.yaml's, in the
-- draft and the published body. A database seeded after this migration gets them from content/.

update buzz_haven.content_documents as d
set draft = case when d.draft ? 'apply' then d.draft else d.draft || jsonb_build_object('apply', w.words) end,
  published = case when d.published is null or d.published ? 'apply' then d.published
    else d.published || jsonb_build_object('apply', w.words) end
from (select $words${
  "heading": "Apply to host a hive",
  "intro": "Tell us about your yard. We check your ZIP code against the area we serve and, when the space suits a hive, book a free site visit.",
  "requiredNote": "Fields marked * are required.",
  "noScript": "This form needs JavaScript. You can also tell us about your space through the contact page.",
  "name": "Your name",
  "email": "Email",
  "phone": "Phone",
  "address": "Street address",
  "zip": "ZIP code",
  "zipHint": "We check it against the ZIP codes we serve.",
  "yardLength": "Yard length (feet)",
  "yardWidth": "Yard width (feet)",
  "yardHint": "The space where the hive would stand. A hive needs at least {{hosting.minimumSpace}}: room for the hive, a water source and our beekeepers to work around it.",
  "sun": {
    "legend": "Sunlight",
    "full": "Full sun",
    "partial": "Partial sun",
    "shade": "Mostly shade"
  },
  "water": {
    "legend": "Water for the bees",
    "onSite": "In the yard (tap, pond or bird bath)",
    "nearby": "Nearby (a creek, a neighbour's pond)",
    "none": "None yet"
  },
  "access": {
    "legend": "Access for our team",
    "level": "Level path or side gate",
    "steps": "Steps or a slope",
    "difficult": "Difficult (through the house, ladders)"
  },
  "pets": "Do pets use the yard?",
  "children": "Do children use the yard?",
  "answerYes": "Yes",
  "answerNo": "No",
  "hiveStyle": {
    "legend": "Which hive?",
    "standard": "Standard hive",
    "artistic": "Artistic hive with an art collective wrap"
  },
  "photo": "Link to a photo of the yard",
  "photoHint": "A shared photo link (https) helps us prepare the site visit.",
  "message": "Anything else we should know",
  "optional": "(optional)",
  "submit": "Send application",
  "sending": "Sending...",
  "success": "Thank you! Your application is in. We will e-mail you within a few days to book a free site visit.",
  "waitlist": "We do not serve ZIP code {zip} yet. Our service area is {areas}. We have kept your application on our waitlist and will write to you as soon as we reach your area.",
  "error": "Your application could not be sent. Please try again - everything you typed is still here."
}$words$::jsonb as words) as w
where d.key = 'pages/host-hive';

update buzz_haven.content_documents as d
set draft = case when d.draft ? 'volunteer' then d.draft else d.draft || jsonb_build_object('volunteer', w.words) end,
  published = case when d.published is null or d.published ? 'volunteer' then d.published
    else d.published || jsonb_build_object('volunteer', w.words) end
from (select $words${
  "heading": "Volunteer shifts",
  "intro": "Pick a shift and leave your name, e-mail and phone. No experience is needed; we bring the gloves and the tools.",
  "loading": "Loading the open shifts...",
  "none": "No volunteer shifts are open right now. Check back soon, or send us a message through the contact page.",
  "placesLeft": "{left} of {capacity} places left",
  "full": "Full",
  "shift": "Shift",
  "requiredNote": "Fields marked * are required.",
  "noScript": "Signing up needs JavaScript. You can also offer your help through the contact page.",
  "name": "Your name",
  "email": "Email",
  "phone": "Phone",
  "submit": "Sign up",
  "sending": "Signing up...",
  "success": "You are signed up for {shift}. See you there!",
  "error": "Your sign-up could not be sent. Please try again - everything you typed is still here."
}$words$::jsonb as words) as w
where d.key = 'pages/impact';

-- pages/my-hive, published as version 1, when the database already has its documents (a new
-- database gets it with the others from content/ at its first start).
with added as (
  insert into buzz_haven.content_documents (key, title, draft, published, published_version, published_at)
  select 'pages/my-hive', 'My Hive (adopters and hosts)', w.words, w.words, 1, now()
  from (select $words${
  "seo": {
    "title": "My Hive",
    "description": "Adopters and hosts of a Buzz Haven hive sign in by e-mail link to follow their colony."
  },
  "hero": {
    "eyebrow": "My Hive",
    "title": "Follow your hive",
    "intro": "Adopters and hosts see their colony here - the notes and photos our beekeepers share after each visit, the honey it made and what is coming up."
  },
  "noScript": "This page needs JavaScript to sign you in.",
  "loading": "Loading your hive...",
  "signIn": {
    "heading": "Sign in with your e-mail",
    "text": "Use the e-mail address of your adoption or hosting application. We send you a sign-in link - no password needed.",
    "email": "Email",
    "submit": "Send me a sign-in link",
    "sending": "Sending...",
    "sent": "We have sent a sign-in link to {email}. Open it on this device within the hour; it works once.",
    "error": "The link could not be sent. Please try again in a moment.",
    "rateLimited": "Several links were sent to this address in a short time. Please wait a few minutes, then ask again."
  },
  "linkError": "This sign-in link has already been used or has expired. Ask for a new one below.",
  "sessionEnded": "Your session has ended. Ask for a new sign-in link below.",
  "signedInAs": "Signed in as {email}",
  "signOut": "Sign out",
  "noHives": {
    "heading": "No hive yet",
    "text": "We have no hive linked to {email} yet. An adoption shows here once we have matched it to a hive, and a hosted hive once it is installed. Questions? Write to us through the contact page."
  },
  "hive": {
    "adopter": "You adopt this hive",
    "host": "You host this hive",
    "wrapHeading": "Its art wrap",
    "wrapBy": "{title} by {artist}",
    "highlightsHeading": "From our beekeepers",
    "noHighlights": "Our beekeepers have not shared a visit yet. Notes and photos appear here after their next inspection.",
    "photoAlt": "Photo from the inspection of {date}",
    "batchesHeading": "Honey from this hive",
    "batch": "Batch {code}: {product}",
    "noBatches": "No honey from this hive has been bottled yet.",
    "adoptionHeading": "Your adoption",
    "adoption": "{tier}, {plan}: {status}",
    "statuses": {
      "new": "waiting for its hive",
      "active": "active",
      "paused": "paused",
      "ended": "ended"
    },
    "plans": {
      "monthly": "monthly",
      "gift": "a gift"
    }
  },
  "workshopsHeading": "Upcoming workshops",
  "workshopsLink": {
    "label": "See all workshops",
    "to": "/services/workshops"
  },
  "noWorkshops": "No workshops are scheduled right now.",
  "error": "Your hive could not be loaded. Please try again in a moment."
}$words$::jsonb as words) as w
  where exists (select 1 from buzz_haven.content_documents)
  on conflict (key) do nothing
  returning key, published
)
insert into buzz_haven.content_versions (key, version, body)
select a.key, 1, a.published from added as a;
