/**
 * Once per Playwright run, after the web servers are up: raises the per-client limits of the
 * visitor request actions for the whole run, and puts them back at its end (the returned
 * teardown). Every request of the run comes from this one machine, and the specs that send
 * them run side by side: a spec that put the limits back while another still sent requests
 * would see that one refused.
 */
import { ownerClient, raiseRateLimits, restoreRateLimits } from './admin/visitorRequests';

export default async function globalSetup() {
  await raiseRateLimits(await ownerClient());
  return async () => restoreRateLimits(await ownerClient());
}
