// Dialogflow ES at work: each customer message is a detectIntent in the contact's own session,
// in the integration's language; the fulfillment texts go to the customer, and an intent that
// ends the interaction hands the conversation back to people.
import type { SecretBox } from "../../secrets/box.ts";
import type { DialogflowClient } from "../../integrations/dialogflow/client.ts";
import { JSON_FIELD } from "../../modules/queueintegrations/service.ts";
import type { Conversation, Outcome } from "./conversation.ts";

export interface DialogflowDoors {
  secrets: SecretBox;
  dialogflow: DialogflowClient;
}

export async function dialogflowTurn(doors: DialogflowDoors, c: Conversation): Promise<Outcome> {
  const { t, integration, ticket } = c;
  const jsonContent = await doors.secrets.open(
    { companyId: t.companyId, field: JSON_FIELD },
    integration.jsonContent,
  );
  const agent = {
    projectName: integration.projectName,
    jsonContent,
    language: integration.language,
  };
  const session = `${t.companyId}-${ticket.contactId}`;
  for (const m of c.pending) {
    if (!m.body.trim()) {
      await c.handed(m.id);
      continue;
    }
    // A failure throws: program.ts hands the conversation to people and shows why on the page.
    const result = await doors.dialogflow.detectIntent(agent, session, m.body);
    await c.handed(m.id);
    for (const said of result.messages) await c.say(said);
    if (result.ended) return { kind: "handover", reason: "ended" };
  }
  return { kind: "answered" };
}
