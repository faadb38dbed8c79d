{# The service worker: static files cache-first, pages network-first with the last copy offline.
   Never cached: anything but GET (entries are POSTs), htmx fragments, polls, other sites. Every
   form of the app is sent by the page itself (htmx, base.html), which keeps what it cannot send.
   Its comments are Jinja's: they are not sent to the phone. #}
"use strict";

const STATIC = "table-assistant-static-{{ version }}";
const PAGES = "table-assistant-pages";  {# last good copy of each page, kept across versions #}
const PRECACHE = {{ precache|tojson }};
const OFFLINE = {{ offline|tojson }};
const STATIC_PREFIX = {{ static_prefix|tojson }};
const PHONE_APP = {{ phone_app|tojson }};  {# the app for play without signal (phone.js) #}
const MAX_PAGES = 40;

{# The static files are fingerprinted (?v=digest) and kept immutable by the browser too, so what
   the page itself just loaded comes from the browser's cache: nothing is downloaded twice. #}
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STATIC)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting())
  );
});

{# A page says which static files it loaded (pwa.js): a game's own are kept from its first
   page on, taken from the browser's cache where the page just put them. #}
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  const own = urls.filter((url) => new URL(url, self.location.href).pathname.startsWith(STATIC_PREFIX));
  event.waitUntil(caches.open(STATIC).then(async (cache) => {
    const missing = [];
    for (const url of own) if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url);
    await cache.addAll(missing);
  }).catch(() => { /* not kept now: the next page asks again */ }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("table-assistant-") && name !== STATIC && name !== PAGES)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

{# A page: loaded by the browser, or asked by htmx for the whole page (a link of the app kept
   in one document, base.html), which is the same page. #}
const isPage = (request) => request.mode === "navigate" || request.headers.get("HX-Boosted") === "true";

function cacheable(request) {
  if (request.method !== "GET") return false;
  if (request.headers.has("HX-Request") && !isPage(request)) return false;
  const url = new URL(request.url);
  return url.origin === self.location.origin && !url.pathname.endsWith("/poll");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!cacheable(request)) return;  {# the browser goes to the network as if we were not here #}
  const url = new URL(request.url);
  if (isPage(request)) event.respondWith(page(request));
  else if (url.pathname.startsWith(STATIC_PREFIX) || url.pathname === PHONE_APP) event.respondWith(asset(request));
});

{# Without a connection, a page of a table this phone keeps for play without signal is answered
   by the app on the phone (kept/phone.js) in an open page of the app, as the server would: a
   game's page, the table's page. A page that takes it waits for the answer
   as long as its Python needs to start (some seconds on a phone), never "Not sent": only a page
   that went away meanwhile gives up. #}
async function onThePhone(request) {
  const asked = { method: "GET", url: request.url };
  for (const client of await self.clients.matchAll({ type: "window" })) {
    const answer = await askPage(client, asked);
    if (answer && answer.status) {
      return new Response(answer.text, { status: answer.status, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
  }
  return null;
}

function askPage(client, asked) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => { clearInterval(alive); resolve(event.data); };
    client.postMessage({ phone: asked }, [channel.port2]);
    const alive = setInterval(async () => {
      if (!(await self.clients.get(client.id))) { clearInterval(alive); resolve(null); }
    }, 2000);
  });
}

{# A game's page the phone played on ahead of the server (its changes wait to be sent, or the
   page's network is down while this worker's is not): the phone's own copy of it (kept/phone.js),
   never the server's older one, whose forms would send changes made on an older version. #}
const versionOf = (text) => Number((/id="game"[^>]*data-version="(\d+)"/.exec(text) || [])[1]);

async function page(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const kept = await cache.match(request, { ignoreVary: true });
      if (kept && versionOf(await kept.clone().text()) > versionOf(await response.clone().text())) return kept;
      await cache.put(request, response.clone());
      trim(cache);
    }
    return response;
  } catch (error) {
    const copy = (await onThePhone(request)) || (await cache.match(request, { ignoreVary: true }));
    return copy || (await caches.match(OFFLINE, { ignoreVary: true })) || Response.error();
  }
}

async function asset(request) {
  const hit = await caches.match(request, { ignoreVary: true });
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const cache = await caches.open(STATIC);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    {# Offline, a page kept from an older version asks for its files by their old fingerprints:
       today's copy of the same file is the best there is. #}
    return (await caches.match(request, { ignoreVary: true, ignoreSearch: true })) || Response.error();
  }
}

async function trim(cache) {
  const keys = await cache.keys();
  const oldest = keys.slice(0, Math.max(0, keys.length - MAX_PAGES));
  await Promise.all(oldest.map((key) => cache.delete(key)));
}
