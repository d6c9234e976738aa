// Imported by the WebAssembly module (src/platform/work_web.rs). As WebAssembly.Suspending
// imports (JSPI), calling one suspends the job runner's whole stack until its promise
// resolves, so a long computation yields frames without being cut up. (The web workers import
// this file too, through the glue, and never call it.)
const suspending = (wait) =>
  typeof WebAssembly.Suspending === "function" ? new WebAssembly.Suspending(wait) : () => {};

// `pause`: resolves after the browser's next turn.
export const pause = suspending(() => new Promise((resolve) => setTimeout(resolve, 0)));

// `wait_cells`: resolves when the web workers computing a map's cells have news (a part done,
// a failure), or after 50 ms (loadlab-cells.js).
export const wait_cells = suspending(() => globalThis.loadlabWork.cells.news(50));
