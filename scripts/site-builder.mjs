/**
 * The publisher's warm Gatsby builder (started by scripts/warm-site-build.mjs, cwd site/, with an
 * IPC channel). Its first build is Gatsby's own production build (`gatsby build`, run in this
 * process: gatsby/dist/commands/build). The process then stays up with Gatsby's state loaded, and
 * each later build, asked for only when no code changed, is the data half of that same build:
 * source the nodes again (gatsby-node.ts reads the database), rebuild the schema only when a node
 * type or an inferred field changed (as `gatsby develop` decides it), run createPages,
 * re-run the page, static and slice queries whose nodes changed, write their page-data, render the
 * HTML of the pages whose data changed with the HTML renderer the full build made
 * (.cache/page-ssr), delete the pages that are gone, run onPostBuild and save Gatsby's state, with
 * Gatsby's own functions, so a page comes out as a full build writes it. The webpack bundles,
 * query extraction from the components and the TypeScript types are what a data change leaves
 * as they were; they are skipped.
 * Messages: in { type: 'build' } (the first is the full build); out { type: 'built', mode,
 * pages, deleted, steps, ms }. A failure ends the process (Gatsby's reporter.panic exits it; any other
 * error is printed, then exit 1); the caller then falls back to a full build in a new process.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

process.env.NODE_ENV = 'production';
process.env.gatsby_executing_command = 'build';
process.env.gatsby_log_level = process.env.gatsby_log_level || 'normal';

const siteDir = process.cwd();
const siteRequire = createRequire(path.join(siteDir, 'package.json'));
/** A module as Gatsby in site/ resolves it (Gatsby's internals are CommonJS). */
const gatsby = (module) => siteRequire(module);
const reporter = gatsby('gatsby-cli/lib/reporter').default;
const { setStore } = gatsby('gatsby-cli/lib/reporter/redux');

// What gatsby-cli passes to the build command (node_modules/gatsby-cli/lib/create-cli.js).
const sitePackageJson = siteRequire('./package.json');
const program = {
  directory: siteDir,
  sitePackageJson,
  browserslist: sitePackageJson.browserslist || ['>0.25%', 'not dead'],
  report: reporter,
  setStore,
  useYarn: false,
  prefixPaths: false,
  noUglify: false,
  profile: false,
  graphqlTracing: false,
  logPages: false,
  writeToFile: false,
  verbose: false,
};

let built = false;
let workerPool;

/**
 * What the current schema was built from: the node types and Gatsby's inference metadata, copied
 * whenever a schema is set (SET_SCHEMA, as gatsby/dist/bootstrap/schema-hot-reloader.js keeps it).
 * Types declared with createTypes come from createSchemaCustomization, i.e. from code: a code change
 * is a full build in a new builder, so in a data build only the node types and inferred fields can
 * change the schema.
 */
let schemaInputs = null;
const { emitter } = gatsby('gatsby/dist/redux');
const cloneDeep = gatsby('lodash/cloneDeep');
emitter.on('SET_SCHEMA', () => {
  const { store } = gatsby('gatsby/dist/redux');
  schemaInputs = { metadata: cloneDeep(store.getState().inferenceMetadata) };
});

/**
 * Why the schema must be rebuilt after the nodes were sourced again, or null when it is the one
 * already built: there are nodes of a type the schema does not have, or an inferred type's fields
 * changed (Gatsby's own test in gatsby develop: a type marked dirty whose field descriptors differ;
 * a type whose nodes all went away has no fields left, so it differs too).
 */
function schemaChange() {
  if (!schemaInputs) return 'no schema yet';
  const { store } = gatsby('gatsby/dist/redux');
  const { getTypes } = gatsby('gatsby/dist/datastore');
  const { haveEqualFields } = gatsby('gatsby/dist/schema/infer/inference-metadata');
  const { schema } = store.getState();
  const unknown = [...getTypes()].filter((type) => !schema.getType(type));
  if (unknown.length) return `new node types ${unknown.join(', ')}`;
  const { typeMap } = store.getState().inferenceMetadata;
  const before = schemaInputs.metadata.typeMap;
  const changed = Object.keys(typeMap).filter((type) => typeMap[type].dirty && !haveEqualFields(typeMap[type], before[type]));
  return changed.length ? `the fields of ${changed.join(', ')} changed` : null;
}

async function fullBuild() {
  await gatsby('gatsby/dist/commands/build')(program);
  return { pages: null, deleted: null, steps: null };
}

/**
 * Starts the worker that renders HTML in data builds and has it load the HTML renderer now, while
 * the publisher waits for the next Publish (the first render would otherwise take seconds).
 */
function warmHtmlWorker() {
  workerPool = gatsby('gatsby/dist/utils/worker/pool').create();
  const { store } = gatsby('gatsby/dist/redux');
  workerPool.single.renderHTMLProd({
    htmlComponentRendererPath: path.join(siteDir, '.cache/page-ssr/routes/render-page.js'),
    paths: [], envVars: [], sessionId: -1, webpackCompilationHash: store.getState().webpackCompilationHash,
  }).catch((error) => console.error(`site-builder: the HTML worker did not warm up: ${error.message}`));
}

/** The data half of commands/build.js, for a change of data only (no code, no config). */
async function dataBuild() {
  const { store } = gatsby('gatsby/dist/redux');
  const services = gatsby('gatsby/dist/services');
  const { createGraphQLRunner } = gatsby('gatsby/dist/bootstrap/create-graphql-runner');
  const { GraphQLRunner } = gatsby('gatsby/dist/query/graphql-runner');
  const { getPageMode } = gatsby('gatsby/dist/utils/page-mode');
  const { waitUntilAllJobsComplete } = gatsby('gatsby/dist/utils/wait-until-jobs-complete');
  const pageData = gatsby('gatsby/dist/utils/page-data');
  const { buildHTMLPagesAndDeleteStaleArtifacts } = gatsby('gatsby/dist/commands/build-html');
  const apiRunnerNode = gatsby('gatsby/dist/utils/api-runner-node');
  const { saveState } = gatsby('gatsby/dist/redux/save-state');

  const steps = [];
  let last = Date.now();
  const step = (name) => {
    steps.push(`${name} ${Date.now() - last} ms`);
    last = Date.now();
  };
  await services.sourceNodes({ store });
  step('source');
  const schemaChanged = schemaChange();
  if (schemaChanged) {
    await services.buildSchema({ store });
    step(`schema (${schemaChanged})`);
  } else {
    step('schema kept');
  }
  const graphql = createGraphQLRunner(store, reporter);
  // The pages of src/pages (createPagesStatefully) come from code, which did not change.
  await services.createPages({ store, gatsbyNodeGraphQLFunction: graphql, shouldRunCreatePagesStatefully: false });
  await pageData.handleStalePageData();
  step('createPages');
  const graphqlRunner = new GraphQLRunner(store, { collectStats: true });
  const { queryIds } = await services.calculateDirtyQueries({ store });
  queryIds.pageQueryIds = queryIds.pageQueryIds.filter((query) => getPageMode(query) === 'SSG');
  await services.runStaticQueries({ queryIds, store, graphqlRunner });
  await services.runPageQueries({ queryIds, store, graphqlRunner });
  await services.runSliceQueries({ queryIds, store, graphqlRunner });
  await waitUntilAllJobsComplete();
  step('queries');
  await pageData.flush();
  await saveState();
  step('page-data');
  const { toRegenerate, toDelete } = await buildHTMLPagesAndDeleteStaleArtifacts({ program, workerPool });
  step('html');
  await apiRunnerNode('onPostBuild', { graphql });
  await waitUntilAllJobsComplete();
  await saveState();
  step('onPostBuild');
  return { pages: toRegenerate, deleted: toDelete, steps };
}

/**
 * After the full build, while the publisher waits for the next Publish: the full build made its
 * schema before createPages, whose SitePage nodes then changed that type's inferred fields, so the
 * schema is brought up to date now rather than in the first data build.
 */
let schemaWarming = Promise.resolve();
function warmSchema() {
  schemaWarming = (async () => {
    if (!schemaChange()) return;
    const { store } = gatsby('gatsby/dist/redux');
    await gatsby('gatsby/dist/services').buildSchema({ store });
  })();
}

process.on('message', async (message) => {
  if (message?.type !== 'build') return;
  const started = Date.now();
  const mode = built ? 'data' : 'full';
  try {
    await schemaWarming;
    const result = built ? await dataBuild() : await fullBuild();
    process.send({ type: 'built', mode, ...result, ms: Date.now() - started });
    if (!built) {
      warmHtmlWorker();
      warmSchema();
    }
    built = true;
  } catch (error) {
    console.error(`The ${mode} build failed: ${error?.stack ?? error}`);
    process.exit(1);
  }
});
// The publisher went away: so does its builder (and Gatsby's workers with it).
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
