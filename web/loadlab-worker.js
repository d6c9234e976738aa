// A web worker computing a map's cells (src/platform/cells.rs): an instance of the page's own
// module. The first message brings the compiled module; each later one a part of a map
// ({ request, cells }), answered with { text } (the cells' values, exactly) or { error }.
import init, { loadlab_map_cells } from "./loadlab.js";

let ready = null;
self.onmessage = async (event) => {
  const message = event.data;
  if (message.module) {
    ready = init({ module_or_path: message.module });
    return;
  }
  try {
    await ready;
    self.postMessage({ text: loadlab_map_cells(message.request, message.cells) });
  } catch (e) {
    self.postMessage({ error: String(e) });
  }
};
