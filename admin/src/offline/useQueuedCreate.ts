/**
 * The create page's settings for an offline-capable resource (declaration `offline`): each new
 * record gets its id in the form, and while offline the save is queued (react-admin's optimistic
 * mode: the page moves on at once, the mutation waits in the query client for the network) with
 * a notice that it is kept on the device. Online, saving works as on any page.
 */
import { useNotify, useRedirect, type RedirectionSideEffect, type CreateProps } from 'react-admin';
import type { ResourceDeclaration } from '../crud/declaration';
import { randomId } from '../media/upload/storagePath';
import { QUEUED_META } from './queue';
import { useOnline } from './useOnline';

const withClientId = (data: Record<string, unknown>) => ({ ...data, id: data.id ?? randomId() });

export function useQueuedCreate(declaration: ResourceDeclaration, redirectTo: RedirectionSideEffect): Partial<CreateProps> {
  const online = useOnline();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!declaration.offline) return { redirect: redirectTo };
  if (online) return { redirect: redirectTo, transform: withClientId };
  return {
    transform: withClientId,
    mutationMode: 'optimistic',
    mutationOptions: {
      meta: QUEUED_META,
      onSuccess: (data: Record<string, unknown>) => {
        notify('buzz.offline.saved_on_device', { type: 'info' });
        redirect(redirectTo, declaration.name, data.id as string, data);
      },
    },
  };
}
