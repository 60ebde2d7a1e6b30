import { messages } from '@partsforge/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/auth/use-session';
import { notify } from '@/lib/notify';
import { garageQueryKey } from '../api/get-garage';
import { mergeGarage } from '../api/merge-garage';
import { clearBrowserGarage, useBrowserGarage } from '../browser-garage';
import { garageInput } from './use-garage';

/** True while a merge is on its way (one at a time, whichever component asked first). */
let merging = false;

/**
 * At sign-in (docs/requirements.md §12 "My Garage": by email, sign-up or Google; customers and admins alike),
 * when the browser holds a visitor's garage, adds it to the account's with `POST /api/garage/merge`, stores the
 * merged garage and clears the browser's. A failed merge keeps the browser's garage (the next page load tries
 * again) and says so in a toast. Mount once, in the root layout.
 */
export function useMergeBrowserGarageOnSignIn(): void {
  const { user } = useSession();
  const garage = useBrowserGarage();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || garage.vehicles.length === 0 || merging) return;
    merging = true;
    mergeGarage(garageInput(garage))
      .then(async (merged) => {
        // A GET still on its way would answer the garage before the merge.
        await queryClient.cancelQueries({ queryKey: garageQueryKey });
        queryClient.setQueryData(garageQueryKey, merged);
        clearBrowserGarage();
      })
      .catch((error: unknown) => {
        notify(
          'error',
          `${messages.vehicles.garage.mergeFailed}${error instanceof Error ? ` ${error.message}` : ''}`,
        );
      })
      .finally(() => {
        merging = false;
      });
  }, [userId, garage, queryClient]);
}
