-- Buzz Haven: every text column has a length bound, the votes' mailbox key too (it is never
-- longer than the address it is made from, which is bounded to 254 characters).

ALTER TABLE "buzz_haven"."art_votes"
  ADD CONSTRAINT "art_votes_mailbox_length" CHECK ((char_length(mailbox) <= 254));
