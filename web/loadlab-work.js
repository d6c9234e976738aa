// Imported by the WebAssembly module (src/platform/work_web.rs, `pause`): resolves after the
// browser's next turn. As a WebAssembly.Suspending import (JSPI), calling it suspends the job
// runner's whole stack until then, so a long computation yields frames without being cut up.
export const pause =
  typeof WebAssembly.Suspending === "function"
    ? new WebAssembly.Suspending(() => new Promise((resolve) => setTimeout(resolve, 0)))
    : () => {};
