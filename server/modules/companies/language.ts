// The company's language: automatic messages to its customers are written in it.
import { eq } from "drizzle-orm";
import type { ControlDb } from "../../tenancy/control.ts";
import { companies } from "../../../db/control/schema.ts";

export type Lang = "pt" | "en" | "es";

export async function companyLanguage(control: ControlDb, companyId: number): Promise<Lang> {
  const [c] = await control.select({ language: companies.language }).from(companies).where(eq(companies.id, companyId));
  return c?.language === "en" || c?.language === "es" ? c.language : "pt";
}
