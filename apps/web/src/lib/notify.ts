/**
 * Raises a toast from code that is in the home page's first bundle (the navbar, the part cards, the sign-in
 * cart merge) without putting react-toastify in that bundle: the library loads with the toast outlet, once the
 * page is idle (app/provider.tsx), and a toast raised before then waits in its queue.
 */
export function notify(kind: 'success' | 'error' | 'warning', text: string): void {
  void import('react-toastify').then(({ toast }) => toast[kind](text));
}
