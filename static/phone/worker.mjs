// The app on the phone (assistant/phone.py): Pyodide runs the server's own Python (engines,
// views, templates) on a database of this phone's own that holds the table's rows. The page
// (js/phone.js) asks it what the server would answer while there is no connection.
// Messages: {id, op: "start", bundle, digest?} | {id, op: "load", rows} | {id, op: "answer", request}.
// "start" answers how long each of its stages took, in ms, and what it started from
// (bench/offline.py reports them).
//
// The bundle runs only if its SHA-256 is the one the page names: `digest`, else the one in its
// URL (/phone/app-<sha256>.zip, as the server names it). The first start of a bundle compiles
// the Python it imports; once the app has answered, the worker keeps that bytecode in the Cache
// API by the bundle's digest (assistant/bytecode.py), and the next start runs from it.
import { loadPyodide } from "./pyodide-314.0.8/pyodide.mjs";

const RUNTIME = new URL("./pyodide-314.0.8/", import.meta.url).href;
const KEPT = "phone-compiled";  // the compiled app and standard library of one bundle
const KEEP_STEP_SECONDS = 0.05;  // the page's next question waits at most this long for it
const KEEP_UNASKED_MS = 5000;  // kept this long after a start that nobody asked anything

let phone = null;
let python = null;
let keepAfterAnswer = null;

function stopwatch() {
  const took = {};
  let last = performance.now();
  return (stage) => {
    const now = performance.now();
    took[stage] = now - last;
    last = now;
    return took;
  };
}

function digestIn(url) {
  const named = /\/app-([0-9a-f]{64})\.zip$/.exec(new URL(url).pathname);
  return named ? named[1] : null;
}

async function sha256(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The bundle's bytes, refused unless they are the ones the page names.
async function fetchBundle(bundle, digest) {
  const response = await fetch(bundle);
  if (!response.ok) throw new Error(`the app bundle: ${response.status}`);
  const expected = digest || digestIn(response.url);
  if (!expected) throw new Error(`the app bundle ${response.url} names no SHA-256: not run`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const actual = await sha256(bytes);
  if (actual !== expected) {
    throw new Error(`the app bundle is not the one the page names (its SHA-256 is ${actual}, `
      + `the page names ${expected}): not run`);
  }
  return { bytes, digest: expected };
}

const keptAs = (what, digest) => new URL(`./compiled/${what}-${digest}.zip`, import.meta.url).href;

async function keptFor(digest) {
  if (!digest || !self.caches) return null;
  const cache = await caches.open(KEPT);
  const [app, stdlib] = await Promise.all(["app", "stdlib"].map((w) => cache.match(keptAs(w, digest))));
  if (!app || !stdlib) return null;
  // The standard library goes to Pyodide by a URL of its own; a blob read out of the cache
  // first (one backed by the cache itself did not fetch).
  const [appBytes, stdlibBytes] = await Promise.all([app.arrayBuffer(), stdlib.arrayBuffer()]);
  return { app: new Uint8Array(appBytes), stdlib: new Blob([stdlibBytes]) };
}

async function forgetKept() {
  if (self.caches) await caches.delete(KEPT);
}

async function run(bundle, digest, kept) {
  const lap = stopwatch();
  const options = { indexURL: RUNTIME };
  if (kept) options.stdLibURL = URL.createObjectURL(kept.stdlib);
  python = await loadPyodide(options);
  if (kept) URL.revokeObjectURL(options.stdLibURL);
  lap("pyodide");
  let bytes = kept && kept.app;
  if (!kept) ({ bytes, digest } = await fetchBundle(bundle, digest));
  lap("bundle");
  python.unpackArchive(bytes, "zip", { extractDir: "/phone" });
  lap("unpack");
  python.runPython(`
import json, sys
sys.path[:0] = ["/phone/app", "/phone/app/site"]
sys.dont_write_bytecode = ${kept ? "True" : "False"}  # the first start writes it, to keep
from assistant.phone import Phone
`);
  lap("import");
  python.runPython(`phone = Phone(
    json.load(open("/phone/app/static-digests.json")), "${digest}", "/phone/templates-compiled")`);
  phone = python.globals.get("phone");
  const took = lap("app");
  if (!kept) keepLater(digest);
  return { ...took, from: kept ? "kept bytecode" : "source" };
}

async function start(bundle, digest) {
  const expected = digest || digestIn(bundle);
  const kept = await keptFor(expected).catch(() => null);
  if (kept) {
    try {
      return await run(bundle, expected, kept);
    } catch (error) {
      await forgetKept();  // what was kept does not start: from the bundle, and kept anew
    }
  }
  return run(bundle, expected, null);
}

// Once the app has answered (so that what its first answer imports is in), or after a while.
function keepLater(digest) {
  let begun = false;
  const once = () => { if (!begun) { begun = true; keep(digest); } };
  const unasked = setTimeout(once, KEEP_UNASKED_MS);
  keepAfterAnswer = () => { clearTimeout(unasked); keepAfterAnswer = null; setTimeout(once, 0); };
}

async function keep(digest) {
  const keeper = python.runPython(`from assistant.bytecode import Keeper\nKeeper("/phone")`);
  try {
    while (!keeper.step(KEEP_STEP_SECONDS)) await new Promise((resolve) => setTimeout(resolve, 0));
    const [app, stdlib] = [keeper.app(), keeper.stdlib()];
    const made = { app: app.toJs(), stdlib: stdlib.toJs() };
    app.destroy();
    stdlib.destroy();
    await forgetKept();
    const cache = await caches.open(KEPT);
    await cache.put(keptAs("app", digest), new Response(made.app));
    await cache.put(keptAs("stdlib", digest), new Response(made.stdlib));
  } catch (error) {
    // Not kept (no room on the phone?): the next start compiles again.
  } finally {
    keeper.destroy();
  }
}

function answer({ method, path, headers, body }) {
  const answered = JSON.parse(phone.answer(method, path, JSON.stringify(headers || {}), body || ""));
  if (keepAfterAnswer) keepAfterAnswer();
  return answered;
}

const work = {
  start: (message) => start(message.bundle, message.digest),
  load: (message) => { phone.load(message.rows); return true; },
  answer: (message) => answer(message.request),
};

self.addEventListener("message", async (event) => {
  const { id, op } = event.data;
  try {
    self.postMessage({ id, ok: true, result: await work[op](event.data) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error && error.message || error) });
  }
});
