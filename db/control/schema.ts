// The platform database: what exists across companies. Everything a company owns
// lives in its own tenant database (db/tenant/schema.ts).
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const plans = sqliteTable("plans", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  users: integer("users").notNull().default(0),
  connections: integer("connections").notNull().default(0),
  queues: integer("queues").notNull().default(0),
  value: real("value").notNull().default(0),
  useCampaigns: integer("use_campaigns", { mode: "boolean" }).notNull().default(true),
  useSchedules: integer("use_schedules", { mode: "boolean" }).notNull().default(true),
  useInternalChat: integer("use_internal_chat", { mode: "boolean" }).notNull().default(true),
  useExternalApi: integer("use_external_api", { mode: "boolean" }).notNull().default(true),
  useKanban: integer("use_kanban", { mode: "boolean" }).notNull().default(true),
  useOpenAi: integer("use_open_ai", { mode: "boolean" }).notNull().default(true),
  useIntegrations: integer("use_integrations", { mode: "boolean" }).notNull().default(true),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [uniqueIndex("plans_name_unique").on(t.name)]);

export const companies = sqliteTable("companies", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull().default(""),
  phone: text("phone").notNull().default(""),
  planId: integer("plan_id").notNull().references(() => plans.id),
  // The plan chosen at checkout: it becomes planId when the next period's invoice is made.
  nextPlanId: integer("next_plan_id").references(() => plans.id),
  status: integer("status", { mode: "boolean" }).notNull().default(true),
  dueDate: text("due_date"),
  trialExpiration: text("trial_expiration"),
  recurrence: text("recurrence").notNull().default("MENSAL"),
  language: text("language").notNull().default("pt"),
  schedules: text("schedules", { mode: "json" }).$type<WeeklyHours[]>().notNull().default(sql`'[]'`),
  billingName: text("billing_name").notNull().default(""),
  zip: text("zip").notNull().default(""),
  street: text("street").notNull().default(""),
  state: text("state").notNull().default(""),
  city: text("city").notNull().default(""),
  district: text("district").notNull().default(""),
  // Where this company's database lives: file: (default), libsql:// or http(s)://.
  dbUrl: text("db_url").notNull(),
  dbAuthToken: text("db_auth_token"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [
  uniqueIndex("companies_name_unique").on(t.name),
  index("companies_plan_idx").on(t.planId),
  index("companies_next_plan_idx").on(t.nextPlanId),
  index("companies_due_date_idx").on(t.dueDate),
]);

// email -> (company, user): makes emails unique across the platform and lets login
// find the right tenant database without opening all of them.
export const userDirectory = sqliteTable("user_directory", {
  email: text("email").primaryKey(),
  companyId: integer("company_id").notNull().references(() => companies.id, {
    onDelete: "cascade",
  }),
  userId: integer("user_id").notNull(),
}, (t) => [uniqueIndex("user_directory_company_user").on(t.companyId, t.userId)]);

export const passwordResets = sqliteTable("password_resets", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  expiresAt: text("expires_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
});

export interface WeeklyHours {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

// When each company next needs a timer job of a kind (scheduled messages, ...): the
// scheduler wakes for the earliest row instead of opening every company's database.
export const dueTimers = sqliteTable("due_timers", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  nextAt: text("next_at").notNull(),
}, (t) => [primaryKey({ columns: [t.companyId, t.kind] }), index("due_timers_next_idx").on(t.nextAt)]);

// Super users' broadcasts: platform-wide, so they live here and every company reads the
// active ones. companyId is the author's company (kept from the original for reference).
export const announcements = sqliteTable("announcements", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  text: text("text").notNull(),
  priority: integer("priority").notNull().default(3),
  status: integer("status", { mode: "boolean" }).notNull().default(true),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  companyId: integer("company_id").notNull(),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
}, (t) => [index("announcements_status_priority_idx").on(t.status, t.priority, t.id)]);
