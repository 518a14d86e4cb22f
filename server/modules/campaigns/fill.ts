// What one campaign send says: one of the filled variants (message1..message5) at random;
// its variables are the messages' (server/modules/messages/variables.ts), with the list's
// row as the contact and the campaign settings' own {key}s.

export interface Variants {
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
}

/** The non-blank variants; a random number in [0, 1) picks one (null: none is written). */
export function pickVariant(c: Variants, random: () => number): string | null {
  const filled = [c.message1, c.message2, c.message3, c.message4, c.message5].filter((m) => m.trim() !== "");
  if (!filled.length) return null;
  return filled[Math.min(filled.length - 1, Math.floor(random() * filled.length))];
}
