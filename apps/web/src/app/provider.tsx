import { TOAST_AUTO_CLOSE_MS } from '@partsforge/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { useSignOutWhenSessionEnds } from '@/lib/auth/use-session';
import { createQueryClient } from '@/lib/query-client';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client (no retries); the app creates one with the spec's defaults. */
  queryClient?: QueryClient;
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
      <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" newestOnTop closeOnClick={false} />
    </QueryClientProvider>
  );
}
