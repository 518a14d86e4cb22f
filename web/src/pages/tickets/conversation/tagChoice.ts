/** What the tag picker's list says when no tag matches the search. */
export function tagListNotice(
  loaded: boolean,
  canCreate: boolean,
): "app.loading" | "chat.tags.empty" | null {
  if (!loaded) return "app.loading";
  // The "create" button is the answer then: "no tag found" next to it reads as a contradiction.
  return canCreate ? null : "chat.tags.empty";
}
