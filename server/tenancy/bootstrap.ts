// First start: the platform company (id 1) on a plan with every flag on, its default
// settings and the super admin. Every later start finds them and changes nothing.
import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { ControlDb } from "./control.ts";
import type { TenantRegistry } from "./registry.ts";
import { companies, plans } from "../../db/control/schema.ts";
import { createCompany } from "../modules/companies/service.ts";
import { PLATFORM_COMPANY_ID } from "../modules/companies/access.ts";
import type { TenantLocator } from "../modules/companies/locator.ts";
import { seedSettings } from "../modules/settings/service.ts";
import { adoptLegacySecrets } from "../modules/settings/platform.ts";

export interface BootstrapResult {
  created: boolean;
  adminEmail: string;
  generatedPassword?: string;
}

export async function bootstrap(
  config: Config,
  deps: { control: ControlDb; registry: TenantRegistry; locator: TenantLocator; clock: () => Date },
): Promise<BootstrapResult> {
  const adminEmail = config.adminEmail ?? "admin@admin.com";
  const [existing] = await deps.control.select({ id: companies.id }).from(companies)
    .where(eq(companies.id, PLATFORM_COMPANY_ID));
  if (existing) {
    // Settings added by a newer version get their defaults; stored values stay.
    await deps.registry.with(PLATFORM_COMPANY_ID, async (t) => {
      await seedSettings(t.db);
      await adoptLegacySecrets(deps.control, t.db);
    });
    return { created: false, adminEmail };
  }
  let [plan] = await deps.control.select({ id: plans.id }).from(plans).limit(1);
  if (!plan) {
    [plan] = await deps.control.insert(plans).values({
      name: "Plano 1",
      users: 10,
      connections: 10,
      queues: 10,
      value: 30,
    }).returning({ id: plans.id });
  }
  const generated = config.adminPassword ? undefined : randomPassword();
  await createCompany(deps, {
    id: PLATFORM_COMPANY_ID,
    name: "Empresa 1",
    email: adminEmail,
    phone: "",
    planId: plan.id,
    status: true,
    dueDate: "2093-03-14",
    recurrence: "MENSAL",
    language: "pt",
    adminSuper: true,
    campaignsEnabled: true,
  }, config.adminPassword ?? generated!);
  return { created: true, adminEmail, generatedPassword: generated };
}

function randomPassword() {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}
