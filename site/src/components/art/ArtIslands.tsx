import * as React from 'react';
import { Island } from '../layout/Island';
import { lazyComponent } from '../layout/lazyComponent';
import type { ArtSubmitFormProps } from './ArtSubmitForm';
import type { ArtVoteFormProps } from './ArtVoteForm';
import type { ArtUploadText } from './ArtUploadPanel';
import type { ArtVoteConfirmText } from './ArtVoteConfirmPanel';
import type { ArtLateResultsProps } from './ArtLateResults';
import type { ArtLateBallotProps } from './ArtLateBallot';

const ArtSubmitForm = lazyComponent<ArtSubmitFormProps>(() => import(/* webpackChunkName: "art-submit" */ './ArtSubmitForm'));
const ArtVoteForm = lazyComponent<ArtVoteFormProps>(() => import(/* webpackChunkName: "art-vote" */ './ArtVoteForm'));
const ArtUploadPanel = lazyComponent<{ text: ArtUploadText; rateLimited: string }>(() => import(/* webpackChunkName: "art-upload" */ './ArtUploadPanel'));
const ArtLateResults = lazyComponent<ArtLateResultsProps>(() => import(/* webpackChunkName: "art-late-results" */ './ArtLateResults'));
const ArtLateBallot = lazyComponent<ArtLateBallotProps>(() => import(/* webpackChunkName: "art-late-ballot" */ './ArtLateBallot'));
const ArtVoteConfirmPanel = lazyComponent<{ text: ArtVoteConfirmText }>(() => import(/* webpackChunkName: "art-vote-confirm" */ './ArtVoteConfirmPanel'));

/** The art pages' forms as islands: server-rendered, their code loaded when they come into view. */
export const ArtSubmitIsland = (props: ArtSubmitFormProps) => <Island><ArtSubmitForm {...props} /></Island>;
export const ArtVoteIsland = (props: ArtVoteFormProps) => <Island><ArtVoteForm {...props} /></Island>;
/** The link pages act on their token at once: hydrated when the browser is idle. */
export const ArtUploadIsland = (props: { text: ArtUploadText; rateLimited: string }) => <Island when="idle"><ArtUploadPanel {...props} /></Island>;
export const ArtVoteConfirmIsland = (props: { text: ArtVoteConfirmText }) => <Island when="idle"><ArtVoteConfirmPanel {...props} /></Island>;
/** Results closed since the build: fetched once the browser is idle, after first paint. */
export const ArtLateResultsIsland = (props: ArtLateResultsProps) => <Island when="idle"><ArtLateResults {...props} /></Island>;
/** This month's ballot as it is now (designs approved since the build, a close since): at idle time. */
export const ArtLateBallotIsland = (props: ArtLateBallotProps) => <Island when="idle"><ArtLateBallot {...props} /></Island>;
