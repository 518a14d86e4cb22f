import assert from "node:assert/strict";
import { binaryNodeToString, type BinaryNode } from "@whiskeysockets/baileys";
import { serverLogger } from "./logger.ts";
import { loggedLines } from "../../testing.ts";

const PHONE = "5511987654321";
const LID = "206158281334861";
const node: BinaryNode = {
  tag: "message",
  attrs: { from: `${PHONE}@s.whatsapp.net`, participant_lid: `${LID}@lid`, type: "text", id: "3EB0C431C2A8B2E7F1" },
  content: [{ tag: "enc", attrs: { v: "2", type: "pkmsg" }, content: new Uint8Array(900) }],
};

Deno.test("baileys logs: phone numbers and lids are redacted and binary nodes cut to their tag (Baileys' own line shapes)", async () => {
  const logger = serverLogger({ companyId: 1, whatsappId: 2, source: "baileys" });
  const lines = await loggedLines(() => {
    // messages-recv.js: logger.error({ error, node: binaryNodeToString(node) }, 'error in handling message')
    logger.error({ error: new Error(`No session for ${PHONE}.0`), node: binaryNodeToString(node) }, "error in handling message");
    // socket.js: logger.error({ reasonNode, fullErrorNode: node }, 'stream errored out')
    logger.error({ reasonNode: node.content, fullErrorNode: node }, "stream errored out");
    // lid-mapping.js: logger.warn(`Invalid LID-PN mapping: ${lid}, ${pn}`)
    logger.warn(`Invalid LID-PN mapping: ${LID}@lid, ${PHONE}:12@s.whatsapp.net`);
    logger.child({ class: "x" }).warn({ pnUser: PHONE, lidUser: LID, jids: [`${PHONE}@s.whatsapp.net`] }, `mapping for ${PHONE}`);
  });
  assert.equal(lines.length, 4);
  const all = lines.join("\n");
  assert.ok(!all.includes(PHONE) && !all.includes("98765"), all);
  assert.ok(!all.includes(LID) && !all.includes("8281334"), all);
  assert.ok(!all.includes("3EB0C431C2A8B2E7F1") && !all.includes("participant_lid"), "no node attributes but its type");
  const [handling, stream, invalid, child] = lines.map((l) => JSON.parse(l));
  assert.equal(handling.msg, "error in handling message");
  assert.equal(handling.node, "<message type=text>");
  assert.equal(handling.error, "No session for …4321.0");
  assert.equal(handling.companyId, 1);
  assert.equal(stream.fullErrorNode, "<message type=text>");
  assert.deepEqual(stream.reasonNode, ["<enc type=pkmsg>"]);
  assert.equal(invalid.msg, "Invalid LID-PN mapping: …4861@lid, …4321:12@s.whatsapp.net");
  assert.equal(child.msg, "mapping for …4321");
  assert.equal(child.pnUser, "…4321");
  assert.deepEqual(child.jids, ["…4321@s.whatsapp.net"]);
  assert.equal(child.class, "x");
});
