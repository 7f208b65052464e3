/** jest globalTeardown of the `backend` project: stops the cluster and removes the templates that globalSetup made room for. */
import { BACKEND_ENTRY_ENV, removeBackendBundle } from './backend-bundle';
import { stopCluster } from './postgres-cluster';
import { rmSync } from 'node:fs';
import { STATE_ENV, TEMPLATE_BUILDER_ENV, TEMPLATES_OWNED_ENV, URL_ENV } from './global-setup';
import { TEMPLATES_ENV } from './templates';

export default async function globalTeardown(): Promise<void> {
  const builder = Number(process.env[TEMPLATE_BUILDER_ENV]);
  if (builder) {
    // Its process group: the builder and the backend it started, if a short run ended first.
    try { process.kill(-builder, 'SIGKILL'); } catch { /* already ended */ }
    delete process.env[TEMPLATE_BUILDER_ENV];
  }
  const templates = process.env[TEMPLATES_ENV];
  if (templates && process.env[TEMPLATES_OWNED_ENV] === '1') {
    rmSync(templates, { recursive: true, force: true });
    delete process.env[TEMPLATES_ENV];
    delete process.env[TEMPLATES_OWNED_ENV];
    removeBackendBundle(process.env[BACKEND_ENTRY_ENV]);
    delete process.env[BACKEND_ENTRY_ENV];
  }
  const state = process.env[STATE_ENV];
  if (!state) return; // none started here
  delete process.env[STATE_ENV];
  delete process.env[URL_ENV];
  stopCluster(JSON.parse(state) as { dir: string; binDir: string });
}
