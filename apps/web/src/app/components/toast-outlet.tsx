import { TOAST_AUTO_CLOSE_MS } from '@partsforge/shared/constants';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';

/**
 * Where toasts appear: bottom right (full width at the bottom on a phone), clear of the sticky navbar, whose Sign Out
 * and cart a toast at the top covered for as long as it showed. Its own module (with react-toastify's stylesheet) so
 * AppProvider can load it lazily.
 */
export function ToastOutlet() {
  return (
    <ToastContainer
      autoClose={TOAST_AUTO_CLOSE_MS}
      position="bottom-right"
      newestOnTop
      closeOnClick={false}
    />
  );
}
