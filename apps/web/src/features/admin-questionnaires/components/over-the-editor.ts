/**
 * The scroll lock of the modals opened over the editor (`removeScrollProps`): the page behind
 * does not scroll under a wheel or a finger (react-remove-scroll's event handlers), but its scroll
 * bar and the `body` keep their styles. The default lock also hides the scroll bar with styles on
 * `body` (an inherited CSS variable, overflow, padding): Chromium then recomputed the style of the
 * whole editor, ~2,100 elements at 200 questions, as the preview opened (153 ms of the 350 ms it
 * took at 4× CPU slowdown; docs/performance.md, "The questionnaire builder at 200 questions"),
 * and on a desk the page's width changed under the modal.
 */
export const KEEP_PAGE_STYLES = { removeScrollBar: false } as const;
