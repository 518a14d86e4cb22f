// Seed 002's queue integrations: a program a connection or queue hands a ticket's
// conversation to (Dialogflow, n8n, a webhook, Typebot, a flow of the flow builder).
// Credentials are sealed with the installation's key (server/secrets/box.ts): jsonContent
// (Dialogflow's service account) and secret (the key n8n and webhook bodies are signed
// with) hold "v1.<iv>.<ciphertext>", never the plain value.
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot", "flowbuilder"] as const;
export const INTEGRATION_LANGUAGES = ["pt-BR", "en", "es"] as const;

export const queueIntegrations = sqliteTable("queue_integrations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  type: text("type", { enum: INTEGRATION_TYPES }).notNull(),
  name: text("name").notNull(),
  projectName: text("project_name").notNull().default(""),
  // Sealed ("" when none).
  jsonContent: text("json_content").notNull().default(""),
  language: text("language", { enum: INTEGRATION_LANGUAGES }).notNull().default("pt-BR"),
  // The spec's one URL column: n8n's and the webhook's address, and Typebot's base URL.
  urlN8N: text("url_n8n").notNull().default(""),
  typebotSlug: text("typebot_slug").notNull().default(""),
  typebotExpires: integer("typebot_expires").notNull().default(1),
  typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
  typebotKeywordFinish: text("typebot_keyword_finish").notNull().default(""),
  typebotKeywordRestart: text("typebot_keyword_restart").notNull().default(""),
  typebotRestartMessage: text("typebot_restart_message").notNull().default(""),
  typebotUnknownMessage: text("typebot_unknown_message").notNull().default(""),
  promptId: integer("prompt_id"),
  // n8n and webhook: the HMAC-SHA256 key of the bodies posted (sealed; "" for the other types).
  secret: text("secret").notNull().default(""),
  // flowbuilder: the flow it runs (a plain id, as the connection's flowIdWelcome).
  flowId: integer("flow_id"),
  // The last time a conversation could not go through it (the runtime's failures, shown on the
  // page); cleared by the next call that goes through. Never holds a credential.
  lastError: text("last_error").notNull().default(""),
  lastErrorAt: text("last_error_at"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [uniqueIndex("queue_integrations_name_unique").on(t.name)]);
