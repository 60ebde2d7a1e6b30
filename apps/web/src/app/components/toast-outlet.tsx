import { TOAST_AUTO_CLOSE_MS } from '@partsforge/shared/constants';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';

/** Where toasts appear. Its own module (with react-toastify's stylesheet) so AppProvider can load it lazily. */
export function ToastOutlet() {
  return (
    <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" newestOnTop closeOnClick={false} />
  );
}
