/** The 'pages/swarm-management' document (content/pages/swarm-management.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageCards, PageCtaBlock, PageHero, PageSeo } from '../shared.ts';

const SwarmManagementWhenToCall = z.strictObject({
  heading: text,
  intro: text,
  outro: text.nullish(),
});

const SwarmManagementHotline = z.strictObject({
  heading: text,
  text: text,
  callLabel: text,
});

const SwarmManagementFee = z.strictObject({
  heading: text,
  text: text,
  response: text,
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  hotline: SwarmManagementHotline,
  approach: PageCards,
  whenToCall: SwarmManagementWhenToCall,
  fee: SwarmManagementFee,
  identification: PageCards,
  stories: PageCards,
  cta: PageCtaBlock,
});
