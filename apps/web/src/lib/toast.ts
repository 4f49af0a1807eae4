import { toast as toastify, type ToastContent, type ToastOptions } from 'react-toastify';

/**
 * Toasts (spec §9) that merge: a text already on screen is not stacked again (issue 17: a
 * flapping connection or a double tap would otherwise pile up the same message). The text is the
 * toast's id, so the one showing stays and the repeat is dropped.
 */
function merged(show: (content: ToastContent, options?: ToastOptions) => string | number) {
  return (content: ToastContent, options?: ToastOptions) => {
    clearDialogClose();
    return show(content, typeof content === 'string' ? { toastId: content, ...options } : options);
  };
}

/** Space between an open dialog's close button and the first toast below it. */
const BELOW_CLOSE_PX = 8;

/**
 * Toasts stay top right (spec §9), but while a dialog is open they start below its close button,
 * which they would otherwise cover (issue 33): react-toastify places its top-right column at
 * `--toastify-toast-top`. Without a dialog, the library's own offset applies again.
 */
function clearDialogClose(): void {
  const close = document.querySelector('[role="dialog"] .mantine-Modal-close');
  const root = document.documentElement.style;
  if (close) {
    const below = Math.ceil(close.getBoundingClientRect().bottom) + BELOW_CLOSE_PX;
    root.setProperty('--toastify-toast-top', `${below}px`);
  } else {
    root.removeProperty('--toastify-toast-top');
  }
}

export const toast = {
  success: merged(toastify.success),
  error: merged(toastify.error),
  info: merged(toastify.info),
  warning: merged(toastify.warning),
  dismiss: toastify.dismiss,
  isActive: toastify.isActive,
};
