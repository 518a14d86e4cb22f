// AI agents (seed 002 "Prompt (AI agent)"): a system prompt and the model settings an
// agent answers customers with, on OpenAI or any server speaking its chat API (baseUrl).
// The api key and the voice key are sealed by the secret box (server/secrets/box.ts,
// fields "prompt.apiKey" and "prompt.voiceKey"): this file holds no usable key.
import { integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { queues } from "./schema.ts";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const prompts = sqliteTable("prompts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  prompt: text("prompt").notNull(),
  /** The server's chat API root; null: OpenAI's https://api.openai.com/v1. */
  baseUrl: text("base_url"),
  /** Sealed; "" when the server needs no key (a local Ollama, vLLM, ...). */
  apiKey: text("api_key").notNull().default(""),
  assistantId: text("assistant_id").notNull().default(""),
  model: text("model").notNull().default("gpt-3.5-turbo-1106"),
  // A real number: the original truncated it to an integer (0.7 became 0).
  temperature: real("temperature").notNull().default(0.6),
  maxTokens: integer("max_tokens").notNull().default(200),
  topP: real("top_p").notNull().default(0.8),
  maxMessages: integer("max_messages").notNull().default(10),
  /** Where a handover sends the ticket. */
  queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
  voice: text("voice").notNull().default(""),
  /** Sealed, as apiKey. */
  voiceKey: text("voice_key").notNull().default(""),
  voiceRegion: text("voice_region").notNull().default(""),
  promptTokens: integer("prompt_tokens").notNull().default(0),
  completionTokens: integer("completion_tokens").notNull().default(0),
  totalTokens: integer("total_tokens").notNull().default(0),
  /**
   * When the company's admins were told the model's account has no credit (429
   * insufficient_quota); null: not since the key or the base URL changed or a call succeeded.
   */
  quotaAlertAt: text("quota_alert_at"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [uniqueIndex("prompts_name_unique").on(t.name)]);
