-- Buzz Haven: the languages the public site speaks (English, the default, and Spanish), which
-- content documents and visitor requests refer to.

set check_function_bodies = false;

CREATE TABLE "buzz_haven"."languages" (
  "code"       text    NOT NULL,
  "name"       text    NOT NULL,
  "is_default" boolean NOT NULL DEFAULT false,
  CONSTRAINT "languages_code_format" CHECK ((code ~ '^[a-z]{2}$'::text)),
  CONSTRAINT "languages_name_length" CHECK ((char_length(name) <= 40)),
  CONSTRAINT "languages_name_not_blank" CHECK ((btrim(name) <> ''::text)),
  CONSTRAINT "languages_pkey" PRIMARY KEY (code)
);

ALTER TABLE "buzz_haven"."languages"
  ENABLE ROW LEVEL SECURITY;

CREATE UNIQUE INDEX languages_one_default ON buzz_haven.languages USING btree (is_default)
  WHERE is_default;

COMMENT ON TABLE "buzz_haven"."languages" IS 'The languages of the public site, its content and its e-mails; one is the default (English).';

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven"."languages" TO "postgres";

insert into buzz_haven.languages (code, name, is_default) values
  ('en', 'English', true),
  ('es', 'Español', false);
