// The page's web workers for a map's cells (src/platform/cells_web.rs calls these through
// window.loadlabWork.cells). One worker per core, each an instance of the same compiled
// module; a job's cells are cut into parts, and a worker takes the next part as soon as it
// sends back the last, so costly and cheap cells spread evenly. The job runner, suspended in
// `wait_cells` (loadlab-work.js), wakes at every part that arrives.
export function cellPool(module, size) {
  const slots = []; // { worker, task: { id, part } | null }
  const jobs = new Map(); // id -> { request, parts, next, texts, done, error }
  let nextId = 1;
  let waiting = [];

  const wake = () => {
    const w = waiting;
    waiting = [];
    for (const resolve of w) resolve();
  };

  function spawn() {
    const slot = { worker: new Worker(new URL("./loadlab-worker.js", import.meta.url), { type: "module" }), task: null };
    slot.worker.onmessage = (event) => finished(slot, event.data);
    slot.worker.onerror = (event) => {
      event.preventDefault();
      broken(slot, event.message || "a web worker stopped");
    };
    slot.worker.postMessage({ module });
    return slot;
  }

  // Gives every idle worker the next part of the oldest job that has one.
  function feed() {
    for (const slot of slots) {
      if (slot.task) continue;
      for (const [id, job] of jobs) {
        if (job.next < job.parts.length) {
          const part = job.next++;
          slot.task = { id, part };
          slot.worker.postMessage({ request: job.request, cells: job.parts[part] });
          break;
        }
      }
    }
  }

  function finished(slot, data) {
    const task = slot.task;
    slot.task = null;
    const job = task && jobs.get(task.id);
    if (job) {
      if (data.error !== undefined) job.error ||= data.error;
      else {
        job.texts[task.part] = data.text;
        job.done += job.parts[task.part].length / 2;
      }
    }
    feed();
    wake();
  }

  // A worker that cannot go on (a trap): replaced; its job fails with the reason.
  function broken(slot, message) {
    const task = slot.task;
    slot.worker.terminate();
    slots[slots.indexOf(slot)] = spawn();
    const job = task && jobs.get(task.id);
    if (job) job.error ||= message;
    feed();
    wake();
  }

  return {
    size: () => size,
    // The cells (x, y, x, y, … in a Uint32Array) in parts of `part` cells; the job's id.
    start(request, flat, part) {
      try {
        while (slots.length < size) slots.push(spawn());
      } catch (e) {
        console.warn("loadlab: no web workers:", e);
        size = 0;
        return 0;
      }
      const parts = [];
      for (let i = 0; i < flat.length; i += 2 * part) parts.push(flat.slice(i, i + 2 * part));
      const id = nextId++;
      jobs.set(id, { request, parts, next: 0, texts: [], done: 0, error: "" });
      feed();
      return id;
    },
    done: (id) => jobs.get(id)?.done ?? 0,
    error: (id) => jobs.get(id)?.error ?? "",
    take(id) {
      const job = jobs.get(id);
      if (!job || job.texts.filter((t) => t !== undefined).length < job.parts.length) return "";
      jobs.delete(id);
      return JSON.stringify(job.texts);
    },
    // Stops the workers busy with the job (they start afresh) and forgets it.
    cancel(id) {
      jobs.delete(id);
      for (let i = 0; i < slots.length; i++) {
        if (slots[i].task?.id === id) {
          slots[i].worker.terminate();
          slots[i] = spawn();
        }
      }
      feed();
    },
    // Resolves at the next news from the workers, or after `ms` milliseconds.
    news: (ms) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, ms);
      }),
  };
}
