import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useSignOutWhenSessionEnds } from '@/lib/auth/use-session';
import { createQueryClient } from '@/lib/query-client';
import { runWhenIdle } from '@/lib/run-when-idle';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client (no retries); the app creates one with the spec's defaults. */
  queryClient?: QueryClient;
}

/** The toast outlet's chunk; should its download fail, the page still works, without toasts. */
const ToastOutlet = lazy((): Promise<{ default: ComponentType }> =>
  import('./components/toast-outlet').then(
    (module) => ({ default: module.ToastOutlet }),
    () => ({ default: () => null }),
  ),
);

/**
 * Mounts the toast outlet once the page has loaded and the browser is idle: react-toastify (~6 KB gzipped of
 * script and ~3 KB of stylesheet) is not needed for the first paint. No page toasts before the visitor acts, and
 * a toast raised earlier waits in react-toastify's queue until the outlet mounts.
 */
function DeferredToastOutlet() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => runWhenIdle(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastOutlet />
    </Suspense>
  ) : null;
}

/** Signs the page out when the API says the session is over (an expired session or a removed user). */
function SessionEndListener() {
  useSignOutWhenSessionEnds();
  return null;
}

/** App-wide context: the query cache, the session-end listener and the toast outlet. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionEndListener />
      {children}
      <DeferredToastOutlet />
    </QueryClientProvider>
  );
}
