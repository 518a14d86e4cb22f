import { defineConfig } from "drizzle-kit";
export default defineConfig({
  dialect: "sqlite",
  schema: ["./db/control/schema.ts", "./db/control/helps.ts", "./db/control/billing.ts"],
  out: "./db/migrations/control",
});
