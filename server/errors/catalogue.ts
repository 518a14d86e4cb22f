// Every error code the server can answer, as data: the HTTP status it is answered with and
// the English text an integrator reads. The spec's codes keep the spec's wording; ours
// follow their style. AppError takes its defaults from here, docs/api.md's table is
// checked against it, and the web must translate every code (catalogue_test.ts).
// A leaf: importable from anywhere (services, channels, the pipeline) without reaching
// into http/.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface CatalogueEntry {
  /** The status a call site gets unless it names another. */
  readonly status: ContentfulStatusCode;
  /** Other statuses some call sites answer the same code with (listed for the docs). */
  readonly also?: readonly ContentfulStatusCode[];
  readonly message: string;
}

const notFound = (what: string): CatalogueEntry => ({ status: 404, message: `no ${what} found with this ID` });

export const CATALOGUE = {
  // Requests and their shape
  ERR_VALIDATION: { status: 400, message: "invalid input; the body's field names the culprit" },
  ERR_BAD_REQUEST: { status: 400, message: "bad request (for example a malformed %-escape in the path)" },
  ERR_NOT_FOUND: { status: 404, message: "no such route or file" },
  ERR_CONFLICT: { status: 409, message: "this record already exists" },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: "request body too large" },
  ERR_HEADER_TOO_LARGE: { status: 431, message: "request headers too large" },
  ERR_FILE_TOO_LARGE: { status: 413, message: "file too large" },
  ERR_FILE_TYPE: { status: 415, message: "the file's type is not accepted or its content does not match it" },
  ERR_SHEET_TOO_LARGE: {
    status: 413,
    message: "the spreadsheet unpacks to more than the limit, or is too heavy to read (body has maxBytes): split it",
  },
  ERR_SHEET_TOO_MANY_ROWS: { status: 413, message: "the spreadsheet has more rows than the limit (body has limit)" },
  ERR_SHEET_CELL_TOO_LONG: {
    status: 413,
    message: "a cell of the spreadsheet is longer than the limit (body has limit, row and column)",
  },
  ERR_SHEETS_BUSY: { status: 503, message: "other spreadsheets are being read; retryAfter says when to try again" },
  ERR_ATTACHMENT_NOT_FOUND: { status: 404, message: "the attachment's file is gone; attach it again" },
  ERR_NO_FILE_LIST_FOUND: notFound("file list"),
  ERR_FILE_LIST_NAME_EXISTS: { status: 409, message: "a file list with this name already exists" },
  ERR_NO_CAMPAIGN_FOUND: notFound("campaign"),
  ERR_CAMPAIGN_VARIABLE_KEY_TAKEN: { status: 400, message: "a variable with this key already exists" },
  ERR_CAMPAIGN_NOT_EDITABLE: {
    status: 409,
    message: "this campaign can no longer be edited: it is running, finished, or starts within the hour",
  },
  ERR_CAMPAIGN_RUNNING: { status: 409, message: "the campaign is running; cancel it first" },
  ERR_CAMPAIGN_CANNOT_CANCEL: { status: 409, message: "only a scheduled or running campaign can be canceled" },
  ERR_CAMPAIGN_CANNOT_RESTART: { status: 409, message: "only an inactive or canceled campaign can be (re)started" },
  ERR_CAMPAIGN_NO_AUDIENCE: { status: 400, message: "choose a contact list or a tag" },
  ERR_CAMPAIGN_NO_MESSAGE: { status: 400, message: "write at least one message" },
  ERR_CAMPAIGN_NO_CONNECTION: { status: 400, message: "the campaign has no connection; choose one" },
  ERR_CAMPAIGN_RATE_LIMITED: { status: 429, message: "WhatsApp is limiting this number's sends; the campaign resumes by itself" },
  ERR_CAMPAIGN_ACCOUNT_RESTRICTED: {
    status: 429,
    message: "WhatsApp restricts this number's new chats; its campaigns wait until the restriction ends (24 h when WhatsApp gives no end)",
  },
  ERR_CAMPAIGN_DAILY_CAP: { status: 429, message: "the connection reached its daily cap (campaign settings); the campaign goes on the next day" },
  ERR_CAMPAIGN_OUTSIDE_WINDOW: { status: 409, message: "outside the send window (campaign settings); the campaign goes on when it opens" },
  // Why a campaign or a schedule was not sent while its company was stopped (companies/sending.ts).
  ERR_SENDING_STOPPED_INACTIVE: { status: 403, message: "not sent: the company was deactivated; send it again by hand once it is back" },
  ERR_SENDING_STOPPED_OVERDUE: { status: 403, message: "not sent: the company's subscription was overdue; send it again by hand once it is paid" },
  ERR_SENDING_STOPPED_PLAN: { status: 403, message: "not sent: the company's plan no longer includes it; send it again by hand once it does" },
  ERR_CAMPAIGN_CHECK_LIMIT: { status: 429, message: "the connection reached its number checks for the hour or the day; the campaign resumes by itself" },
  ERR_INTERNAL_SERVER_ERROR: { status: 500, message: "unexpected error, try later" },
  ERR_SHUTTING_DOWN: { status: 503, message: "server is shutting down" },
  ERR_DATABASE_BUSY: { status: 503, message: "the database is busy (another program holds it); try again" },
  ERR_COMPANY_MOVING: { status: 503, message: "the company is moving to another instance; retryAfter says when to try again" },
  ERR_RATE_LIMITED: { status: 429, message: "rate limit reached; retryAfter says when to try again" },
  ERR_TOO_MANY_ATTEMPTS: { status: 429, message: "too many attempts; retryAfter says when to try again" },

  // Sign-in and access
  ERR_SESSION_EXPIRED: { status: 401, message: "log in again" },
  ERR_INVALID_TOKEN: { status: 403, message: "invalid or expired token" },
  ERR_INVALID_CREDENTIALS: { status: 401, message: "authentication error" },
  ERR_INVALID_API_TOKEN: { status: 401, message: "invalid API token" },
  ERR_INVALID_METRICS_TOKEN: { status: 401, message: "invalid metrics token (Authorization: Bearer METRICS_TOKEN)" },
  ERR_INVALID_RESET_CODE: { status: 400, message: "invalid or expired code" },
  ERR_MAIL_NOT_SENT: { status: 503, message: "the e-mail could not be sent, try again later" },
  ERR_NO_PERMISSION: { status: 403, message: "no permission" },
  ERR_SUBSCRIPTION_EXPIRED: { status: 403, message: "the company's subscription is overdue: 'Opss! Sua assinatura venceu {date}...' (body has dueDate); outside the overdue door" },
  ERR_COMPANY_INACTIVE: { status: 403, message: "company is inactive" },
  ERR_PLAN_FEATURE_DISABLED: { status: 403, message: "the company's plan does not include this feature (body has feature: the flag)" },

  // Companies, plans, users, settings
  ERR_NO_COMPANY_FOUND: notFound("company"),
  ERR_COMPANY_NAME_EXISTS: { status: 409, message: "a company with this name exists" },
  ERR_NO_PLAN_FOUND: notFound("plan"),
  // Backups, exports and imports of companies (companies/backups.ts, transfer.ts)
  ERR_COMPANY_MAINTENANCE: { status: 503, message: "the company's data is being restored; try again in a moment" },
  ERR_COMPANY_NOT_LOCAL: { status: 409, message: "the company's database is on a libSQL server, not in a file here: back it up there, or move it back first" },
  ERR_CONTROL_NOT_LOCAL: { status: 409, message: "the control database is on a libSQL server (CONTROL_DB_URL), not in a file here: back it up with that server's own tools" },
  ERR_BACKUP_NOT_FOUND: notFound("backup"),
  ERR_BACKUP_INVALID: { status: 400, message: "the backup cannot be restored (body has reason: integrity or version)" },
  ERR_EXPORT_NOT_FOUND: { status: 404, message: "no export of this company with this name; export it again" },
  ERR_ARCHIVE_INVALID: { status: 400, message: "not a valid company archive (body has reason)" },
  ERR_ARCHIVE_VERSION: { status: 400, message: "the archive was made by another format or a newer version of the program" },
  ERR_ARCHIVE_CHECKSUM: { status: 400, message: "a file inside the archive does not match its checksum: the archive is damaged" },
  ERR_ARCHIVE_TOO_LARGE: { status: 413, message: "the archive, or a file inside it, is larger than allowed (body has maxBytes)" },
  ERR_IMPORT_EMAIL_TAKEN: { status: 409, message: "users of the imported company have emails already in use here (body has count)" },
  ERR_JOB_RUNNING: { status: 409, message: "a backup, restore, export, import or move of this company is already running" },
  ERR_JOB_NOT_FOUND: notFound("job"),
  // Moving a company's database to a libSQL server and back (companies/move.ts)
  ERR_MOVE_URL_INVALID: { status: 400, message: "not a libSQL server's URL: libsql://, https:// or http://, with no credentials in it (the token has its own field)" },
  ERR_MOVE_SAME_PLACE: { status: 409, message: "the company's database is already there" },
  ERR_MOVE_TARGET_UNREACHABLE: { status: 502, message: "the libSQL server did not answer in time or refused the token (body has reason: timeout, auth or network)" },
  ERR_MOVE_TARGET_NOT_EMPTY: { status: 409, message: "the database to move to already holds rows: give an empty one (body has table)" },
  ERR_MOVE_FAILED: { status: 502, message: "the copy failed before the company was switched to it: the company keeps its database; the target may hold part of the rows" },

  ERR_PLAN_NAME_EXISTS: { status: 409, message: "a plan with this name exists" },
  ERR_PLAN_IN_USE: { status: 409, message: "the plan is used by companies" },
  ERR_NO_USER_FOUND: notFound("user"),
  ERR_EMAIL_ALREADY_EXISTS: { status: 409, message: "this email is already in use" },
  ERR_USER_CREATION_DISABLED: { status: 403, message: "user creation disabled by administrator" },
  ERR_USER_LIMIT_REACHED: { status: 403, message: "the plan's user limit is reached (body has limit)" },
  ERR_LAST_ADMIN: { status: 409, message: "the company needs at least one admin" },
  ERR_CANNOT_DELETE_SELF: { status: 409, message: "you cannot delete yourself" },
  ERR_NO_SETTING_FOUND: notFound("setting"),

  // Connections
  ERR_NO_WAPP_FOUND: notFound("connection"),
  ERR_NO_DEF_WAPP_FOUND: { status: 404, message: "no default connection found" },
  ERR_NO_OTHER_WHATSAPP: { status: 400, message: "there must be at least one default WhatsApp connection" },
  ERR_WAPP_NAME_EXISTS: { status: 409, message: "a connection with this name exists" },
  ERR_WAPP_GREETING_REQUIRED: { status: 400, message: "greeting required when more than one queue" },
  ERR_CONNECTION_LIMIT_REACHED: { status: 403, message: "the plan's connection limit is reached (body has limit)" },
  ERR_WAPP_NOT_INITIALIZED: { status: 409, message: "connection session not initialised" },
  ERR_WAPP_CHECK_CONTACT: { status: 400, message: "contact check failed" },
  ERR_WAPP_INVALID_CONTACT: { status: 400, message: "not a valid WhatsApp number" },
  ERR_WAPP_CHECK_RATE_LIMITED: { status: 429, message: "WhatsApp is limiting this number's lookups; try again in a few minutes" },
  ERR_WAPP_CHECK_LIMIT: { status: 429, message: "this connection reached its number checks for the hour or the day; retryAfter says when to try again" },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 502, message: "media download failed (a message's mediaError, not an answer)" },
  ERR_WAPP_REFUSED: { status: 502, message: "WhatsApp refused the message after it was sent (a campaign send's error, not an answer)" },
  ERR_WAPP_REFUSED_463: {
    status: 502,
    message: "WhatsApp refused the message: the account is restricted from starting chats (463); never sent again",
  },
  ERR_WAPP_REFUSED_479: { status: 502, message: "WhatsApp refused the message: a stale session with the contact's phone (479)" },
  ERR_NOT_SANDBOX: { status: 400, message: "this connection is not a sandbox phone" },

  // Desk: contacts, tickets, messages
  ERR_NO_CONTACT_FOUND: notFound("contact"),
  ERR_DUPLICATED_CONTACT: { status: 409, message: "a contact with this number exists" },
  ERR_NO_TICKET_FOUND: notFound("ticket"),
  ERR_OTHER_OPEN_TICKET: { status: 409, message: "already an open ticket for this contact" },
  ERR_CREATING_TICKET: { status: 409, message: "creation failed, try again" },
  ERR_TICKET_NOT_OPEN: { status: 409, message: "accept the ticket to answer it" },
  ERR_NO_MESSAGE_FOUND: notFound("message"),
  ERR_SENDING_WAPP_MSG: { status: 502, message: "sending failed" },
  ERR_DELETE_WAPP_MSG: { status: 400, also: [502], message: "deleting the message failed" },
  ERR_NO_NOTE_FOUND: notFound("note"),

  // Queues, tags, quick answers, schedules
  ERR_NO_QUEUE_FOUND: notFound("queue"),
  ERR_QUEUE_NAME_EXISTS: { status: 409, message: "a queue with this name exists" },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, message: "queue colour already in use" },
  ERR_QUEUE_LIMIT_REACHED: { status: 403, message: "the plan's queue limit is reached (body has limit)" },
  ERR_NO_QUEUE_OPTION_FOUND: notFound("queue option"),
  ERR_QUEUE_OPTION_EXISTS: { status: 409, message: "another option at this level has this number" },
  ERR_NO_TAG_FOUND: notFound("tag"),
  ERR_TAG_NAME_EXISTS: { status: 409, message: "a tag with this name exists" },
  ERR_NO_QUICKMESSAGE_FOUND: notFound("quick answer"),
  ERR_QUICKMESSAGE_SHORTCODE_EXISTS: { status: 409, message: "this shortcode is already in use" },
  ERR_NO_SCHEDULE_FOUND: notFound("schedule"),
  ERR_NO_CHAT_FOUND: notFound("chat"),
  ERR_NO_ANNOUNCEMENT_FOUND: notFound("announcement"),
  ERR_NO_HELP_FOUND: notFound("help video"),
  ERR_SCHEDULE_ALREADY_SENT: { status: 409, message: "this message was already sent" },
  ERR_SCHEDULE_OUTCOME_UNKNOWN: {
    status: 502,
    message: "the server stopped while sending: the message may have been delivered (a schedule's error, not an answer)",
  },
  ERR_NO_CONTACT_LIST_FOUND: notFound("contact list"),
  ERR_NO_CONTACT_LIST_ITEM_FOUND: notFound("contact list item"),
  ERR_DUPLICATED_CONTACT_LIST_ITEM: { status: 409, message: "this number is already in the list" },
  ERR_LIST_NUMBER_NO_AREA_CODE: {
    status: 400,
    message: "the number lacks its area code, so the company's country code cannot complete it (field number)",
  },

  // Secrets at rest (server/secrets/box.ts)
  ERR_SECRET_UNREADABLE: {
    status: 409,
    message: "a stored secret cannot be read with this server's key (lost or changed); type it again (body has field)",
  },

  // Addresses a company types for the server to call (server/integrations/addresses.ts)
  ERR_ADDRESS_NOT_ALLOWED: {
    status: 400,
    message: "this server may not call that address: it is, or resolves to, a private or reserved one (OUTBOUND_PRIVATE_ADDRESSES=deny; body has field)",
  },

  // Flows and flow campaigns (seed 002's flow builder)
  ERR_NO_FLOW_FOUND: notFound("flow"),
  ERR_FLOW_NAME_EXISTS: { status: 409, message: "a flow with this name already exists" },
  ERR_FLOW_INVALID: {
    status: 400,
    message: "the flow cannot run as drawn; nothing was saved (body has problems: [{nodeId, code, handle?}])",
  },
  ERR_FLOW_USED_BY_CAMPAIGN: {
    status: 409,
    message: "flow campaigns start this flow; delete them or point them at another flow first (body has campaigns)",
  },
  ERR_FLOW_USED_BY_CONNECTION: {
    status: 409,
    message: "a connection starts this flow as its welcome or not-phrase flow; choose another there first (body has whatsapps)",
  },
  ERR_FLOW_RUNNING: {
    status: 409,
    message: "customers are walking this flow now; deactivate it and delete it once their runs end (body has runs)",
  },
  ERR_FLOW_NOT_PUBLISHED: {
    status: 409,
    message: "the flow was never saved, so it has no published version to test; test the draft or save it first",
  },
  ERR_NO_FLOW_CAMPAIGN_FOUND: notFound("flow campaign"),
  ERR_FLOW_CAMPAIGN_PHRASE_TAKEN: {
    status: 409,
    message: "an active flow campaign of this connection already answers this phrase the same way (body has campaignId)",
  },
  ERR_FLOW_CAMPAIGN_REGEX: {
    status: 400,
    message: "the phrase is not a regular expression we run: invalid, or with nested repetition that could hang (field phrase)",
  },

  // Invoices and payment
  ERR_NO_INVOICE_FOUND: notFound("invoice"),
  ERR_INVOICE_ALREADY_PAID: { status: 409, message: "this invoice is already paid" },
  ERR_PIX_NOT_CONFIGURED: { status: 409, message: "the platform's PIX receiving data is not set yet" },
  ERR_INVALID_WEBHOOK_TOKEN: { status: 401, message: "invalid webhook token" },

  // AI agents (prompts)
  ERR_NO_PROMPT_FOUND: notFound("prompt"),
  ERR_PROMPT_NAME_EXISTS: { status: 409, message: "an agent with this name already exists" },
  ERR_PROMPT_IN_USE: {
    status: 409,
    message: "connections or queues answer with this agent; choose another (or none) there first (body has whatsapps and queues)",
  },
  ERR_AI_CALL_FAILED: {
    status: 502,
    message:
      "the agent's server refused or did not answer; message is its own (body has kind: timeout, network, auth, quota, rateLimit, server, request or badAnswer, and the server's status and code when it answered)",
  },

  // Queue integrations (/queueIntegration) and the Dialogflow client
  ERR_NO_QUEUE_INTEGRATION_FOUND: notFound("queue integration"),
  ERR_QUEUE_INTEGRATION_NAME_EXISTS: { status: 409, message: "This integration name is already used." },
  ERR_QUEUE_INTEGRATION_IN_USE: {
    status: 409,
    message: "connections or queues hand conversations to this integration; choose another there first (body has whatsapps, queues)",
  },
  ERR_FLOW_USED_BY_INTEGRATION: {
    status: 409,
    message: "a flowbuilder integration runs this flow; point it at another flow or delete it first (body has queueIntegrations)",
  },
  ERR_DIALOGFLOW_CREDENTIALS: {
    status: 400,
    message: "jsonContent is not a Google service account's JSON key (client_email, private_key, token_uri)",
  },
  ERR_DIALOGFLOW_TOKEN_REFUSED: {
    status: 502,
    message: "Google refused the service account's credentials (body has status)",
  },
  ERR_DIALOGFLOW_REFUSED: { status: 502, message: "Dialogflow refused the request (body has status)" },
  ERR_DIALOGFLOW_UNREACHABLE: { status: 504, message: "Dialogflow did not answer in time or could not be reached" },
} as const satisfies Record<`ERR_${string}`, CatalogueEntry>;

export type ErrorCode = keyof typeof CATALOGUE;
