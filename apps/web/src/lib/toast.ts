import { toast as toastify, type ToastContent, type ToastOptions } from 'react-toastify';

/**
 * Toasts (spec §9) that merge: a text already on screen is not stacked again (issue 17: a
 * flapping connection or a double tap would otherwise pile up the same message). The text is the
 * toast's id, so the one showing stays and the repeat is dropped.
 */
function merged(show: (content: ToastContent, options?: ToastOptions) => string | number) {
  return (content: ToastContent, options?: ToastOptions) =>
    show(content, typeof content === 'string' ? { toastId: content, ...options } : options);
}

export const toast = {
  success: merged(toastify.success),
  error: merged(toastify.error),
  info: merged(toastify.info),
  warning: merged(toastify.warning),
  dismiss: toastify.dismiss,
  isActive: toastify.isActive,
};
