import assert from "node:assert/strict";
import { AddressPolicy, isPublic } from "./addresses.ts";
import { AppError } from "../http/errors.ts";

Deno.test("addresses: public unicast only, IPv4 and IPv6, with IPv4 carried inside IPv6", () => {
  for (
    const a of [
      "8.8.8.8",
      "1.1.1.1",
      "200.147.67.142",
      "2606:4700:4700::1111",
      "2800:3f0:4001:80e::200e",
    ]
  ) {
    assert.equal(isPublic(a), true, a);
  }
  for (
    const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.2.1",
      "198.18.0.1",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "2001:db8::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "64:ff9b::10.0.0.1",
      "not an address",
      "1.2.3",
      "1:2:3",
    ]
  ) {
    assert.equal(isPublic(a), false, a);
  }
  assert.equal(isPublic("::ffff:8.8.8.8"), true);
  assert.equal(isPublic("172.32.0.1"), true, "just past the private block");
});

Deno.test("addresses: allowed by default; denied, a private literal, a name resolving to one, localhost and an unresolvable name are refused naming the field", async () => {
  const dns: Record<string, string[]> = {
    "api.example.com": ["93.184.216.34"],
    "sneaky.example.com": ["93.184.216.34", "10.0.0.5"],
    "six.example.com": ["2606:4700:4700::1111"],
  };
  const resolve = (host: string, type: "A" | "AAAA") => {
    const all = dns[host];
    if (!all) return Promise.reject(new Error("NXDOMAIN"));
    return Promise.resolve(all.filter((a) => (type === "A") === !a.includes(":")));
  };
  const allow = new AddressPolicy("allow", resolve);
  await allow.check("http://127.0.0.1:11434/v1", "baseUrl");
  assert.equal(allow.redirect, "follow");

  const deny = new AddressPolicy("deny", resolve);
  assert.equal(deny.redirect, "error");
  await deny.check("https://api.example.com/v1", "baseUrl");
  await deny.check("https://six.example.com/v1", "baseUrl");
  for (
    const url of [
      "http://127.0.0.1:11434/v1",
      "http://[::1]:8080/",
      "http://169.254.169.254/latest",
      "http://2130706433/",
      "http://localhost:11434/v1",
      "http://ollama.localhost/",
      "https://sneaky.example.com/v1",
      "https://nowhere.example.com/",
    ]
  ) {
    const err = await deny.check(url, "urlN8N").then(() => null, (e) => e);
    assert.ok(err instanceof AppError, url);
    assert.deepEqual([err.code, err.status, err.extra], ["ERR_ADDRESS_NOT_ALLOWED", 400, {
      field: "urlN8N",
    }], url);
  }
});
