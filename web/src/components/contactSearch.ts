/** The rules of the contact search field, apart from React (seed 000 sections 5 and 9). */

/** Contact search begins at 3 characters. */
export const CONTACT_SEARCH_MIN = 3;

/** A contact as the search field holds it; the number is shown when known. */
export interface ContactChoice {
  id: number;
  name: string;
  number?: string;
}

export function searchReady(text: string): boolean {
  return text.trim().length >= CONTACT_SEARCH_MIN;
}

/**
 * "Adicionar {name}" is offered once the search can run and no contact found has exactly
 * that name (a "Maria" may still be added when only "Maria Silva" exists).
 */
export function offersNewContact(text: string, found: readonly ContactChoice[]): boolean {
  const wanted = text.trim().toLowerCase();
  return searchReady(text) &&
    !found.some((contact) => contact.name.trim().toLowerCase() === wanted);
}

/** The id of the "Adicionar {name}" entry (contact ids are positive numbers). */
export const ADD_KEY = "add";

export interface SearchEntry {
  id: string;
  /** What the input shows when the entry is chosen. */
  text: string;
  /** null: the "Adicionar {name}" entry. */
  contact: ContactChoice | null;
}

/**
 * The field's options: the contacts found, with the chosen one kept among them (or the box
 * would forget it), and the "Adicionar {name}" entry last when `addable`.
 */
export function searchEntries(
  found: readonly ContactChoice[],
  chosen: ContactChoice | null,
  typed: string,
  addable: boolean,
): SearchEntry[] {
  const entries: SearchEntry[] = found.map((contact) => ({
    id: String(contact.id),
    text: contact.name,
    contact,
  }));
  if (chosen && !entries.some((entry) => entry.contact?.id === chosen.id)) {
    entries.unshift({ id: String(chosen.id), text: chosen.name, contact: chosen });
  }
  if (addable) entries.push({ id: ADD_KEY, text: typed, contact: null });
  return entries;
}
