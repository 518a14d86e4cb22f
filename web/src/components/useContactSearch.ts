import { useEffect, useState } from "react";
import { api } from "../api/index.ts";
import { useDebouncedValue } from "../lib/useDebouncedValue.ts";
import { type ContactChoice, searchReady } from "./contactSearch.ts";
import { toast } from "./toast.ts";

/**
 * The first page of contacts matching what is typed, searched 500 ms after typing stops and
 * from 3 characters. `stale`: what is found does not answer the text in the box yet.
 */
export function useContactSearch(text: string, chosenName: string | undefined) {
  const [found, setFound] = useState<ContactChoice[]>([]);
  const [searching, setSearching] = useState(false);
  const debounced = useDebouncedValue(text, 500);

  useEffect(() => {
    // A chosen contact's name in the box is not a new search.
    if (!searchReady(debounced) || debounced === chosenName) return;
    let current = true;
    setSearching(true);
    api.contacts.page({ searchParam: debounced.trim() })
      .then((page) => {
        if (current) setFound(page.contacts.map(({ id, name, number }) => ({ id, name, number })));
      })
      .catch((error) => current && toast.apiError(error))
      .finally(() => current && setSearching(false));
    return () => {
      current = false;
      setSearching(false);
    };
  }, [debounced]);

  return { found, stale: text !== debounced || searching };
}
