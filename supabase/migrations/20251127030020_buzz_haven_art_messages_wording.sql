-- Buzz Haven: the stored 'messages' document gets the wording of the art collective's e-mails
-- (20251127030010: art_confirm, art_approved, art_declined, art_vote_confirm), as
-- 20251126001020 did for earlier kinds: its schema (content/schema/messages.ts) requires every
-- kind, so without them the publish check would refuse the document and the sender would refuse
-- those messages. A kind the document already has keeps its wording; the added wording is
-- content/messages.yaml's, in the draft and the published body.

update buzz_haven.content_documents as d
set draft = case when jsonb_typeof(d.draft -> 'messages') = 'object'
      then jsonb_set(d.draft, '{messages}', w.wording || (d.draft -> 'messages')) else d.draft end,
  published = case when jsonb_typeof(d.published -> 'messages') = 'object'
      then jsonb_set(d.published, '{messages}', w.wording || (d.published -> 'messages')) else d.published end
from (select $wording$
{
  "art_confirm": {
    "subject": "Confirm your design for the {{business.name}} art collective",
    "body": "Hello {{art.artist}},\n\nThank you for sending \"{{art.title}}\" to the hive-wrap art collective. To confirm this address and upload your image, open this link:\n\n{{art.uploadLink}}\n\nThe image: PNG, JPEG or WebP, up to 20 MB, at least 2000 pixels on its long side. Nothing is shown publicly before our team approves it.\n\nIf it was not you, ignore this e-mail: nothing is published.\n\nThe Buzz Haven team"
  },
  "art_approved": {
    "subject": "\"{{art.title}}\" is on the ballot for {{art.month}}",
    "body": "Hello {{art.artist}},\n\nGood news: your design \"{{art.title}}\" is approved and on the community's ballot for {{art.month}}. Neighbours vote for their favourite; the winner is printed on a weatherproof hive wrap.\n\nShare the ballot: {{art.voteLink}}\n\nThe Buzz Haven team"
  },
  "art_declined": {
    "subject": "About your design \"{{art.title}}\"",
    "body": "Hello {{art.artist}},\n\nThank you for sending \"{{art.title}}\". We are not able to put it on the ballot this time, for this reason:\n\n{{art.reason}}\n\nYour file is deleted from our storage. You are welcome to send another design.\n\nThe Buzz Haven team"
  },
  "art_vote_confirm": {
    "subject": "Confirm your vote for \"{{art.title}}\"",
    "body": "Hello,\n\nSomeone, hopefully you, voted for \"{{art.title}}\" by {{art.artist}} in the {{business.name}} hive-wrap vote of {{art.month}}. To count this vote, open this link:\n\n{{art.voteConfirmLink}}\n\nOne vote per address per month: confirming this one replaces an earlier vote of yours this month. If it was not you, ignore this e-mail.\n\nThe Buzz Haven team"
  }
}
$wording$::jsonb as wording) as w
where d.key = 'messages';
