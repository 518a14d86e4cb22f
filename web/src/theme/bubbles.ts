/**
 * Message bubble colours: the company's (ours) and the contact's (theirs), solid so they do
 * not depend on what lies under them. In dark mode ours is a deep blue and theirs a neutral
 * grey, told apart at a glance; the text colours of both themes keep at least 4.5:1 on each
 * (web/src/theme/bubbles_test.ts checks it).
 */
export const BUBBLES = {
  light: { mine: "#dbe7fd", theirs: "#ffffff" },
  dark: { mine: "#1f3a5f", theirs: "#2a2d31" },
} as const;
