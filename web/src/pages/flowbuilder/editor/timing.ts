/** The flow editor's constants of time (seed 002 section 9). */
/** Its toasts close after 3 s. */
export const EDITOR_TOAST_MS = 3_000;
/** The flow is asked for 500 ms after the editor opens, a spinner shown meanwhile. */
export const LOAD_DELAY_MS = 500;
/** The question dialog applies its block 400 ms after the button, which shows busy meanwhile. */
export const QUESTION_SUBMIT_DELAY_MS = 400;
