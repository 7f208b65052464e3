-- Local only: the mailbox also receives what the embedded SMTP sink accepts (the outbox sender's
-- e-mail: src/auth/mailer/smtpSink.ts). It keeps the plain-text part, the attachments and the
-- Message-ID; one Message-ID is stored once per recipient, so a message sent again after a sender
-- crash (same Message-ID, supabase/functions/send-messages) shows once, as in a real mailbox that
-- dedupes by Message-ID.
alter table auth.local_mailbox add column if not exists text_body text;
alter table auth.local_mailbox add column if not exists attachments jsonb not null default '[]';
alter table auth.local_mailbox add column if not exists message_id text;
create unique index if not exists local_mailbox_message_id_key on auth.local_mailbox (message_id, lower(recipient));
