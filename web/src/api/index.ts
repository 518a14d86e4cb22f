/** The app's single typed API client. No fetch() anywhere else. */
import { announcements } from "./announcements.ts";
import { auth } from "./auth.ts";
import { campaigns, campaignSettings } from "./campaigns.ts";
import { billing, invoices, subscription } from "./billing.ts";
import { chats } from "./chats.ts";
import { companies } from "./companies.ts";
import { contacts } from "./contacts.ts";
import { contactListItems, contactLists } from "./contactLists.ts";
import { dashboard } from "./dashboard.ts";
import { files } from "./files.ts";
import { flowCampaigns, flows } from "./flows.ts";
import { helps } from "./helps.ts";
import { lists } from "./lists.ts";
import { messages } from "./messages.ts";
import { notes } from "./notes.ts";
import { plans } from "./plans.ts";
import { prompts } from "./prompts.ts";
import { quickMessages } from "./quickMessages.ts";
import { queueIntegrations } from "./queueIntegrations.ts";
import { queues } from "./queues.ts";
import { schedules } from "./schedules.ts";
import { settings } from "./settings.ts";
import { kanban, tags } from "./tags.ts";
import { tickets } from "./tickets.ts";
import { users } from "./users.ts";
import { sandbox, sendApi, whatsapps } from "./whatsapps.ts";

export const api = {
  auth,
  users,
  settings,
  plans,
  companies,
  lists,
  whatsapps,
  sandbox,
  sendApi,
  tickets,
  messages,
  contacts,
  tags,
  kanban,
  notes,
  quickMessages,
  queues,
  dashboard,
  schedules,
  chats,
  announcements,
  helps,
  files,
  flows,
  flowCampaigns,
  contactLists,
  contactListItems,
  campaigns,
  campaignSettings,
  invoices,
  subscription,
  billing,
  prompts,
  queueIntegrations,
};

export { configureClient } from "./client.ts";
export { ApiError, isApiError } from "./errors.ts";
export { getToken, setToken } from "./token.ts";
export type * from "./types.ts";
