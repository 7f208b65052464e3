import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/** Whether TanStack Query (which queues the saves) sees a network. */
export const useOnline = () => useSyncExternalStore(
  (listener) => onlineManager.subscribe(listener),
  () => onlineManager.isOnline(),
);
