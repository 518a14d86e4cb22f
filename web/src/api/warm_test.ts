import assert from "node:assert/strict";
import { warm, warmedGet } from "./warm.ts";

Deno.test("warm: a GET fetched ahead is handed once to the page's same GET, then asked again", async () => {
  let fetches = 0;
  const fetchIt = () => Promise.resolve(++fetches);
  await warm(() => [warmedGet("/tags?pageNumber=1", fetchIt)]);
  assert.equal(fetches, 1);
  assert.equal(await warmedGet("/tags?pageNumber=1", fetchIt), 1, "the page gets the answer fetched ahead");
  assert.equal(fetches, 1, "without asking the server again");
  assert.equal(await warmedGet("/tags?pageNumber=1", fetchIt), 2, "a later read asks again");
  assert.equal(await warmedGet("/contacts?pageNumber=1", fetchIt), 3, "other URLs are not affected");
});

Deno.test("warm: warming twice in a row shares the fetch in flight", async () => {
  let fetches = 0;
  const fetchIt = () => Promise.resolve(++fetches);
  await warm(() => [warmedGet("/queue", fetchIt)]);
  await warm(() => [warmedGet("/queue", fetchIt)]);
  assert.equal(fetches, 1);
  assert.equal(await warmedGet("/queue", fetchIt), 1);
});
