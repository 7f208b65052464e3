/**
 * The 'pages/art' document (content/pages/art.yaml): the hive-wrap art collective's words on /art
 * (story, steps, results, the submission form), /art/upload (the e-mailed link's page: confirm and
 * upload the image), /art/vote and /art/vote/confirm. The licence terms are their own document
 * ('pages/art-licence', /art/licence).
 */
import { z } from 'zod/v4';
import { text, words } from '../fields.ts';
import { Cta, PageHero, PageSeo } from '../shared.ts';

const ArtStory = z.strictObject({ heading: text, paragraphs: z.array(text) });
const ArtStep = z.strictObject({ heading: text, text: text });
const ArtSteps = z.strictObject({ heading: text, items: z.array(ArtStep) });

/** The closed months' results on /art: "<votes> votes", "Winner", "<total> votes cast". */
const ArtResults = words('heading', 'intro', 'votes', 'vote', 'winner', 'total', 'none', 'by');

const ArtSubmit = z.strictObject({
  heading: text,
  intro: text,
  title: text,
  statement: text,
  artistName: text,
  email: text,
  link: text,
  linkHint: text,
  consent: text,
  licenceLink: Cta,
  imageNote: text,
  requiredNote: text,
  button: text,
  sending: text,
  success: text,
  error: text,
  noScript: text,
});

const ArtUpload = words(
  'seoTitle', 'heading', 'confirming', 'unknown', 'missing', 'intro', 'image', 'imageHint',
  'button', 'uploading', 'done', 'alreadyDone', 'error', 'noScript',
);

const ArtVote = z.strictObject({
  seo: PageSeo,
  heading: text,
  intro: text,
  by: text,
  email: text,
  button: text,
  sending: text,
  sent: text,
  error: text,
  empty: text,
  /** Shown when the ballot the page was built with has closed since (until the rebuild is served). */
  closed: text,
  noScript: text,
  results: Cta,
});

const ArtVoteConfirm = z.strictObject({
  seoTitle: text,
  heading: text,
  confirming: text,
  voted: text,
  replaced: text,
  closed: text,
  unknown: text,
  missing: text,
  error: text,
  back: Cta,
  noScript: text,
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  story: ArtStory,
  steps: ArtSteps,
  results: ArtResults,
  submit: ArtSubmit,
  upload: ArtUpload,
  vote: ArtVote,
  voteConfirm: ArtVoteConfirm,
});
