import { useEffect, useState } from "react";
import { api } from "../../api/index.ts";
import type { Contact } from "../../api/tickets.ts";
import { toast } from "../../components/toast.ts";

/** Contact search needs at least 3 characters (seed 000 section 9). */
export const CONTACT_SEARCH_MIN = 3;

/** The first page of contacts matching a (debounced) term; nothing under 3 characters. */
export function useContactSearch(term: string): { results: Contact[]; loading: boolean } {
  const [results, setResults] = useState<Contact[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (term.length < CONTACT_SEARCH_MIN) {
      setResults([]);
      setLoading(false);
      return;
    }
    let current = true;
    setLoading(true);
    api.contacts.page({ searchParam: term })
      .then((page) => {
        if (current) setResults(page.contacts);
      })
      .catch((error) => {
        if (current) toast.apiError(error);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [term]);
  return { results, loading };
}
