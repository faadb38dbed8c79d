// The service worker: static files cache-first, pages network-first with the last copy offline.
const CACHE = "table-assistant-{{ version }}";
self.addEventListener("install", (event) => { self.skipWaiting(); });
self.addEventListener("activate", (event) => { event.waitUntil(self.clients.claim()); });
