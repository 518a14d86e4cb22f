import { useState } from "react";
import type { Contact } from "../../api/tickets.ts";
import * as css from "./tickets.css.ts";

/** The contact's picture, or the first letter of the name when there is none (or it fails). */
export function Avatar({ contact, size = 40 }: { contact: Contact | undefined; size?: number }) {
  const [failed, setFailed] = useState(false);
  const url = contact?.profilePicUrl;
  const dimensions = { width: size, height: size, fontSize: size * 0.42 };
  // Decorative: the contact's name is always written next to it.
  if (url && !failed) {
    return (
      <img
        className={css.avatar}
        style={dimensions}
        src={url}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  const initial = (contact?.name || contact?.number || "?").trim().charAt(0).toUpperCase();
  return <span className={css.avatar} style={dimensions} aria-hidden="true">{initial}</span>;
}
