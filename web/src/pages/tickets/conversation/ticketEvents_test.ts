// The open ticket's live updates (run with `deno test web/src`).
import assert from "node:assert/strict";
import * as fixtures from "../testFixtures.ts";
import { applyContactUpdate, applyTicketUpdate, isTicketDelete } from "./ticketEvents.ts";

const contact = fixtures.contact(9, { name: "Carla", number: "5511987654321" });
const ticket = fixtures.ticket(1, { contactId: 9, contact });

Deno.test("a ticket update replaces this ticket only", () => {
  const closed = applyTicketUpdate(ticket, {
    action: "update",
    ticket: { ...ticket, status: "closed", contact: undefined },
  });
  assert.equal(closed.status, "closed");
  assert.equal(closed.contact, contact);
  const other = { action: "update", ticket: { ...ticket, id: 2, status: "closed" } };
  assert.equal(applyTicketUpdate(ticket, other), ticket);
  assert.equal(applyTicketUpdate(ticket, { action: "delete", ticketId: 1 }), ticket);
  assert.equal(applyTicketUpdate(ticket, null), ticket);
});

Deno.test("a delete names this ticket", () => {
  assert.equal(isTicketDelete({ action: "delete", ticketId: 1 }, 1), true);
  assert.equal(isTicketDelete({ action: "delete", ticketId: 2 }, 1), false);
  assert.equal(isTicketDelete({ action: "updateUnread", ticketId: 1 }, 1), false);
});

Deno.test("contact updates of the ticket's contact merge", () => {
  const renamed = applyContactUpdate(ticket, {
    action: "update",
    contact: { id: 9, name: "Carla S." },
  });
  assert.equal(renamed.contact.name, "Carla S.");
  assert.equal(renamed.contact.number, contact.number);
  const other = { action: "update", contact: { id: 10, name: "X" } };
  assert.equal(applyContactUpdate(ticket, other), ticket);
  assert.equal(applyContactUpdate(ticket, { action: "delete", contactId: 9 }), ticket);
});
