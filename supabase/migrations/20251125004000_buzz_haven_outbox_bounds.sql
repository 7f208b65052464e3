-- Buzz Haven: the outbox's key and related-table columns get the explicit length bound every
-- text column of buzz_haven has (tests/sql/bounds.test.ts reads them from the catalog); the key's
-- format check already limits it to 200 characters, a table name is at most 63.
alter table buzz_haven.outbox_messages
  add constraint outbox_messages_idempotency_key_length check (char_length(idempotency_key) <= 200),
  add constraint outbox_messages_related_table_length check (char_length(related_table) <= 63);
