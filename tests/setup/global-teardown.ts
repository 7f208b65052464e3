/** jest globalTeardown of the `backend` project: stops the cluster that globalSetup started. */
import { stopCluster } from './postgres-cluster';
import { STATE_ENV, URL_ENV } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const state = process.env[STATE_ENV];
  if (!state) return; // none started here
  delete process.env[STATE_ENV];
  delete process.env[URL_ENV];
  stopCluster(JSON.parse(state) as { dir: string; binDir: string });
}
