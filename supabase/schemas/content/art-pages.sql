-- The art collective's content documents, added to an existing database; the content RPCs' grants.
set check_function_bodies = false;

-- Buzz Haven: an existing database gets the art collective's two new content documents:
-- 'pages/art' (/art, /art/upload, /art/vote, /art/vote/confirm) and 'pages/art-licence'
-- (/art/licence), as content/pages/art.yaml and art-licence.yaml hold them, published as version 1
-- (the site build needs every document of content/schema to be published). The published 'site'
-- document's navigation gets an Art link after Impact (unless it already links /art), in the draft
-- too. A new database is untouched here: its content is seeded from content/ after the migrations
-- (only while buzz_haven.content_documents is empty, which a row added here would prevent).

select public.seed_buzz_haven_content($documents$
[
 {
  "key": "pages/art",
  "title": "Hive-wrap art collective",
  "body": {
   "seo": {
    "title": "Hive-Wrap Art Collective",
    "description": "Local artists design the wraps of Buzz Haven's hives; neighbours vote each month; the winners are printed and installed on hives across the city."
   },
   "hero": {
    "eyebrow": "Community Impact",
    "title": "The hive-wrap art collective",
    "intro": "Local artists submit designs, the community votes every month, and the winners are printed on UV-resistant wraps and installed on hives in neighbours' yards.",
    "buttons": [
     {
      "label": "Vote this month",
      "to": "/art/vote"
     },
     {
      "label": "Submit a design",
      "to": "#submit",
      "variant": "secondary"
     }
    ]
   },
   "story": {
    "heading": "Art that bees live in",
    "paragraphs": [
     "Every Buzz Haven hive wears a weatherproof wrap around its boxes. Instead of plain white paint, we invite the artists of our city to paint them.",
     "Each month the designs our team approves go to a public ballot. The design with the most votes is printed on a UV-resistant wrap and installed on a host's hive, where the neighbourhood can find it on the map of painted hives."
    ]
   },
   "steps": {
    "heading": "How it works",
    "items": [
     {
      "heading": "Submit",
      "text": "Send your design with a short statement. We confirm your e-mail address before anything else."
     },
     {
      "heading": "Moderation",
      "text": "Our team checks each design for print and approves it for a month's ballot, or tells you why not."
     },
     {
      "heading": "Vote",
      "text": "Neighbours vote once a month, confirming by e-mail. The tally stays hidden until the vote closes."
     },
     {
      "heading": "Print and install",
      "text": "The winning design is printed on a UV-resistant wrap and installed on a hive in a neighbour's yard."
     }
    ]
   },
   "results": {
    "heading": "Winners",
    "intro": "The results of each closed monthly vote.",
    "votes": "votes",
    "vote": "vote",
    "winner": "Winner",
    "total": "votes cast",
    "none": "No monthly vote has closed yet. The first winners will be announced here.",
    "by": "by"
   },
   "submit": {
    "heading": "Submit a design",
    "intro": "Open to artists of every age and style. Fill in the form; we e-mail you a link to confirm your address and upload your image.",
    "title": "Title of the design",
    "statement": "Artist's statement",
    "artistName": "Name to credit",
    "email": "Email",
    "link": "Instagram or website",
    "linkHint": "Optional. An https:// address.",
    "consent": "I have read and accept the collective's licence terms, and the design is my own work.",
    "licenceLink": {
     "label": "Read the licence terms",
     "to": "/art/licence"
    },
    "imageNote": "You upload the image after confirming your e-mail: PNG, JPEG or WebP, up to 20 MB, at least 2000 pixels on its long side.",
    "requiredNote": "Fields marked with an asterisk (*) are required.",
    "button": "Send my design",
    "sending": "Sending...",
    "success": "Thank you! Check your e-mail: open the link we sent to confirm your address and upload your image.",
    "error": "Sorry, your submission could not be sent. Please check your connection and try again.",
    "noScript": "The submission form needs JavaScript, which is off in this browser. You can send your design to us by e-mail instead."
   },
   "upload": {
    "seoTitle": "Upload your design",
    "heading": "Upload your design",
    "confirming": "Confirming your e-mail address...",
    "unknown": "This link is not valid. Please open the link of your confirmation e-mail again, or submit your design again.",
    "missing": "This page is opened from the link in your confirmation e-mail.",
    "intro": "Your e-mail address is confirmed. Now choose the image of your design: PNG, JPEG or WebP, up to 20 MB, at least 2000 pixels on its long side.",
    "image": "Image of the design",
    "imageHint": "PNG, JPEG or WebP, up to 20 MB, at least 2000 pixels on its long side.",
    "button": "Upload",
    "uploading": "Uploading and checking your image...",
    "done": "Thank you! Your design is in. Our team reviews it and e-mails you when it is on a ballot.",
    "alreadyDone": "Your design already has its image. Our team reviews it and e-mails you when it is on a ballot.",
    "error": "Sorry, the upload failed. Please check your connection and try again.",
    "noScript": "Uploading needs JavaScript, which is off in this browser."
   },
   "vote": {
    "seo": {
     "title": "Vote for this month's hive wrap",
     "description": "Choose the design Buzz Haven prints on its next hive wrap. One vote per e-mail address per month."
    },
    "heading": "This month's ballot",
    "intro": "Choose your favourite design. Enter your e-mail and open the link we send you to count your vote: one vote per address per month, and a new vote replaces your earlier one. The tally stays hidden until the vote closes.",
    "by": "by",
    "email": "Your email",
    "button": "Vote for this design",
    "sending": "Sending...",
    "sent": "Check your e-mail and open the link to count your vote.",
    "error": "Sorry, your vote could not be sent. Please check your connection and try again.",
    "empty": "There is no open vote right now. See the winners of past months on the collective's page.",
    "closed": "This month's vote has closed. The winner is announced on the collective's page.",
    "noScript": "Voting needs JavaScript, which is off in this browser.",
    "results": {
     "label": "See past winners",
     "to": "/art"
    }
   },
   "voteConfirm": {
    "seoTitle": "Confirm your vote",
    "heading": "Your vote",
    "confirming": "Counting your vote...",
    "voted": "Thank you! Your vote is counted.",
    "replaced": "Thank you! Your vote now counts for this design instead of your earlier choice.",
    "closed": "This month's vote closed before your confirmation; your vote could not be counted.",
    "unknown": "This link is not valid, or the design is no longer on the ballot.",
    "missing": "This page is opened from the link in your vote e-mail.",
    "error": "Sorry, your vote could not be confirmed. Please check your connection and open the link again.",
    "back": {
     "label": "Back to the ballot",
     "to": "/art/vote"
    },
    "noScript": "Confirming a vote needs JavaScript, which is off in this browser."
   }
  }
 },
 {
  "key": "pages/art-licence",
  "title": "Art collective licence terms",
  "body": {
   "seo": {
    "title": "Art Collective Licence Terms",
    "description": "What artists agree to when they submit a hive-wrap design to the Buzz Haven art collective."
   },
   "heading": "Art collective licence terms",
   "updated": "Last updated November 2026",
   "intro": "These terms apply to every design submitted to the Buzz Haven hive-wrap art collective. You keep your copyright; you give Buzz Haven the rights below.",
   "sections": [
    {
     "heading": "Your work stays yours",
     "paragraphs": [
      "You keep the copyright of your design. You confirm that it is your own original work and that it does not copy anyone else's."
     ]
    },
    {
     "heading": "What you allow Buzz Haven to do",
     "items": [
      "Show your design, its title, your statement and your credited name on this website and its monthly ballot.",
      "Print a winning design on hive wraps and install them on Buzz Haven hives, for as long as the wraps last.",
      "Show photographs of the installed wraps, with your credited name, on the website, the map of painted hives and our social media."
     ],
     "outro": "We never sell your design or use it on products without your written agreement."
    },
    {
     "heading": "Credit",
     "paragraphs": [
      "Wherever your design is shown, we credit you with the name you give us and, if you give one, link to your Instagram or website."
     ]
    },
    {
     "heading": "Withdrawing a design",
     "paragraphs": [
      "Until a design is approved you may withdraw it by replying to any of our e-mails; we then delete the file. A printed wrap stays on its hive."
     ]
    },
    {
     "heading": "Your e-mail address",
     "paragraphs": [
      "We use your address only to confirm your submission and to tell you our decisions. It is never shown publicly."
     ]
    }
   ]
  }
 }
]
$documents$::jsonb)
where exists (select 1 from buzz_haven.content_documents);

select buzz_haven.grant_api_execute('get_buzz_haven_content_documents', 'save_buzz_haven_content_draft',
  'get_buzz_haven_content_versions', 'restore_buzz_haven_content_version',
  'get_buzz_haven_published_content');
revoke all on function public.publish_buzz_haven_content(text, integer, uuid, text) from public, anon, authenticated;
revoke all on function public.seed_buzz_haven_content(jsonb, text) from public, anon, authenticated;
grant execute on function public.publish_buzz_haven_content(text, integer, uuid, text) to service_role;
grant execute on function public.seed_buzz_haven_content(jsonb, text) to service_role;
