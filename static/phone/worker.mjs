// The app on the phone (assistant/phone.py): Pyodide runs the server's own Python (engines,
// views, templates) on a database of this phone's own that holds the table's rows. The page
// (js/phone.js) asks it what the server would answer while there is no connection.
// Messages: {id, op: "start", bundle} | {id, op: "load", rows} | {id, op: "answer", request}.
// "start" answers how long each of its stages took, in ms (bench/offline.py reports them).
import { loadPyodide } from "./pyodide-314.0.8/pyodide.mjs";

let phone = null;

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

async function start(bundle) {
  const lap = stopwatch();
  const python = await loadPyodide({ indexURL: new URL("./pyodide-314.0.8/", import.meta.url).href });
  lap("pyodide");
  const zipped = await fetch(bundle);
  if (!zipped.ok) throw new Error(`the app bundle: ${zipped.status}`);
  const bytes = new Uint8Array(await zipped.arrayBuffer());
  lap("bundle");
  python.unpackArchive(bytes, "zip", { extractDir: "/phone" });
  lap("unpack");
  python.runPython(`
import json, sys
sys.path[:0] = ["/phone/app", "/phone/app/site"]
from assistant.phone import Phone
`);
  lap("import");
  python.runPython(`phone = Phone(json.load(open("/phone/app/static-digests.json")))`);
  phone = python.globals.get("phone");
  return lap("app");
}

function answer({ method, path, headers, body }) {
  return JSON.parse(phone.answer(method, path, JSON.stringify(headers || {}), body || ""));
}

const work = {
  start: (message) => start(message.bundle),
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
