import { defineConfig } from "drizzle-kit";
export default defineConfig({
  dialect: "sqlite",
  schema: ["./db/tenant/schema.ts", "./db/tenant/automation.ts", "./db/tenant/chat.ts", "./db/tenant/files.ts", "./db/tenant/campaigns.ts", "./db/tenant/flows.ts", "./db/tenant/ai.ts", "./db/tenant/integrations.ts"],
  out: "./db/migrations/tenant",
});
