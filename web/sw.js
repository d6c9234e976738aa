// Service worker: keeps the page's files so a lecture works offline after the first visit.
// scripts/build-web.sh replaces the version with a hash of the build, so a new build replaces
// the old files.
const CACHE = "loadlab-@VERSION@";
const FILES = [
  "./",
  "./index.html",
  "./loadlab.js",
  "./loadlab_bg.wasm",
  "./loadlab-work.js",
  "./loadlab-cells.js",
  "./loadlab-worker.js",
  "./manifest.json",
  "./icon-192.png",
  "./icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cached files first (the query, such as ?embed=1, does not matter); anything else from the
// network.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.match(event.request, { ignoreSearch: true }).then((hit) => hit || fetch(event.request)),
  );
});
