/** The 'pages/swarm-management' document (content/pages/swarm-management.yaml). */
import { z } from 'zod/v4';
import { text, words } from '../fields.ts';
import { PageCards, PageCtaBlock, PageHero, PageSeo } from '../shared.ts';

const SwarmManagementHotline = words('heading', 'text', 'callLabel');

const SwarmManagementWhenToCall = z.strictObject({
  heading: text,
  intro: text,
  outro: text.nullish(),
});

const SwarmManagementFormedWhen = words('legend', 'under24h', 'from24to48h', 'over48h', 'unknown');

const SwarmManagementSize = words('legend', 'smaller', 'football', 'larger');

const SwarmManagementHeight = words('legend', 'ground', 'reachable', 'high');

const SwarmManagementStructure = words('legend', 'outside', 'inside');

const SwarmManagementReasons = words('size', 'formedWhen', 'structure');

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

const SwarmManagementFee = words('heading', 'text', 'response');

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
