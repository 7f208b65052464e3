/** The 'pages/swarm-management' document (content/pages/swarm-management.yaml). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageCards, PageCtaBlock, PageHero, PageSeo } from '../shared.ts';

const SwarmManagementHotline = z.strictObject({
  heading: text,
  text: text,
  callLabel: text,
});

const SwarmManagementWhenToCall = z.strictObject({
  heading: text,
  intro: text,
  outro: text.nullish(),
});

const SwarmManagementFormedWhen = z.strictObject({
  legend: text,
  under24h: text,
  from24to48h: text,
  over48h: text,
  unknown: text,
});

const SwarmManagementSize = z.strictObject({
  legend: text,
  smaller: text,
  football: text,
  larger: text,
});

const SwarmManagementHeight = z.strictObject({
  legend: text,
  ground: text,
  reachable: text,
  high: text,
});

const SwarmManagementStructure = z.strictObject({
  legend: text,
  outside: text,
  inside: text,
});

const SwarmManagementReasons = z.strictObject({
  size: text,
  formedWhen: text,
  structure: text,
});

const SwarmManagementReport = z.strictObject({
  heading: text,
  intro: text,
  noScript: text,
  requiredNote: text,
  optional: text,
  location: text,
  locationHint: text,
  formedWhen: SwarmManagementFormedWhen,
  size: SwarmManagementSize,
  height: SwarmManagementHeight,
  structure: SwarmManagementStructure,
  photo: text,
  photoHint: text,
  name: text,
  phone: text,
  email: text,
  notes: text,
  qualifies: text,
  notQualifies: text,
  stillSend: text,
  reasons: SwarmManagementReasons,
  submit: text,
  sending: text,
  success: text,
  error: text,
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
  report: SwarmManagementReport,
  fee: SwarmManagementFee,
  identification: PageCards,
  stories: PageCards,
  cta: PageCtaBlock,
});
