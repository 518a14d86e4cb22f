import type { ReactNode } from "react";
import { type WhatsappNode, whatsappText } from "../lib/whatsappText.ts";

const TAGS = { bold: "strong", italic: "em", strike: "s", mono: "code" } as const;

function render(nodes: WhatsappNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === "string") return node;
    const Tag = TAGS[node.style];
    return <Tag key={index}>{render(node.children)}</Tag>;
  });
}

/** A message's text with WhatsApp's formatting, as a phone shows it (line breaks by the parent's pre-wrap). */
export function WhatsappText({ text }: { text: string }) {
  return <>{render(whatsappText(text))}</>;
}
