import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getSiteBuilds } from './contentApi';
import type { SiteBuild } from '../../types';

export const SITE_BUILDS_KEY = ['content', 'site-builds'];
/** How often the build state is read again while a build is queued or running. */
export const BUILD_POLL_MS = 3000;

const inProgress = (build: SiteBuild | undefined) => build?.state === 'queued' || build?.state === 'running';

/** The site builds, newest first; read again every few seconds while the last one is not finished. */
export function useSiteBuilds() {
  return useQuery({
    queryKey: SITE_BUILDS_KEY,
    queryFn: getSiteBuilds,
    refetchInterval: (query) => (inProgress(query.state.data?.[0]) ? BUILD_POLL_MS : false),
  });
}

/** Reads the builds again (after a publish has requested one). */
export function useRefreshSiteBuilds() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SITE_BUILDS_KEY });
}
