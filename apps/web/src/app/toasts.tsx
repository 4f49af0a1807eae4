import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@/config/constants';

/**
 * The toast area (spec §9). Loaded on its own after the first render (see provider.tsx), so
 * react-toastify stays out of the entry bundle; a toast raised before it is there waits in
 * react-toastify's queue and shows when it mounts.
 */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      draggable
      theme="light"
    />
  );
}
