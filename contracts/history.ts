// The shape of an earlier ticket in the history above a conversation
// (GET /messages/:ticketId/history), written by the server and read by the web.

export interface HistoryTicket {
  id: number;
  uuid: string;
  status: string;
  createdAt: string;
  closedAt: string | null;
  updatedAt: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  whatsapp: { id: number; name: string } | null;
  /** This page reaches the ticket's first message: its divider can be drawn above it. */
  complete: boolean;
}
