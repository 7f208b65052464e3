-- Buzz Haven: a language code is two letters, and says so as a length bound as every text column does.

set check_function_bodies = false;

ALTER TABLE "buzz_haven"."languages"
  ADD CONSTRAINT "languages_code_length" CHECK ((char_length(code) <= 2));
