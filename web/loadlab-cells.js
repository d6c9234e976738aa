// The page's web workers for a map's cells (src/platform/cells_web.rs calls these through
// window.loadlabWork.cells). One worker per core, each an instance of the same compiled
// module; a job's cells are cut into parts, and a worker takes the next part as soon as it
// sends back one, so costly and cheap cells spread evenly. Each worker holds up to DEPTH
// parts, so it starts the next the moment it finishes one, not when the page's thread (busy
// drawing a frame, perhaps for a few hundred ms in software rendering) has handed it another.
// The job runner, suspended in `wait_cells` (loadlab-work.js), wakes at every part that
// arrives. The workers start when the page is first idle (`warm`), so a first map does not
// wait for them to load.
const DEPTH = 2;

export function cellPool(module, size) {
  const slots = []; // { worker, tasks: [{ id, part }, …] in the order sent }
  const jobs = new Map(); // id -> { request, parts, next, again (parts to send again), texts, done, error }
  let nextId = 1;
  let waiting = [];

  const wake = () => {
    const w = waiting;
    waiting = [];
    for (const resolve of w) resolve();
  };

  function spawn() {
    const slot = { worker: new Worker(new URL("./loadlab-worker.js", import.meta.url), { type: "module" }), tasks: [] };
    slot.worker.onmessage = (event) => finished(slot, event.data);
    slot.worker.onerror = (event) => {
      event.preventDefault();
      broken(slot, event.message || "a web worker stopped");
    };
    slot.worker.postMessage({ module });
    return slot;
  }

  // Gives every worker that holds fewer than DEPTH parts the next parts of the oldest jobs
  // that have some.
  function feed() {
    for (const slot of slots) {
      for (const [id, job] of jobs) {
        while (slot.tasks.length < DEPTH && (job.again.length || job.next < job.parts.length)) {
          const part = job.again.length ? job.again.pop() : job.next++;
          slot.tasks.push({ id, part });
          slot.worker.postMessage({ request: job.request, cells: job.parts[part] });
        }
      }
    }
  }

  function finished(slot, data) {
    const task = slot.tasks.shift();
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

  // Replaces a worker (stopped, or that cannot go on); its parts other than those of job
  // `lost` go to the next workers again.
  function replace(slot, lost) {
    slot.worker.terminate();
    slots[slots.indexOf(slot)] = spawn();
    for (const task of slot.tasks) {
      if (task.id !== lost) jobs.get(task.id)?.again.push(task.part);
    }
  }

  // A worker that cannot go on (a trap): replaced; the job of the part it was computing fails
  // with the reason.
  function broken(slot, message) {
    const running = slot.tasks[0];
    const job = running && jobs.get(running.id);
    if (job) job.error ||= message;
    replace(slot, running?.id);
    feed();
    wake();
  }

  // Starts the workers (once there are none): false when the page cannot.
  function warm() {
    try {
      while (slots.length < size) slots.push(spawn());
      return true;
    } catch (e) {
      console.warn("loadlab: no web workers:", e);
      size = 0;
      return false;
    }
  }

  return {
    size: () => size,
    warm,
    // The cells (x, y, x, y, … in a Uint32Array) in parts of `part` cells; the job's id.
    start(request, flat, part) {
      if (!warm()) return 0;
      const parts = [];
      for (let i = 0; i < flat.length; i += 2 * part) parts.push(flat.slice(i, i + 2 * part));
      const id = nextId++;
      jobs.set(id, { request, parts, next: 0, again: [], texts: [], done: 0, error: "" });
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
      for (const slot of [...slots]) {
        if (slot.tasks.some((t) => t.id === id)) replace(slot, id);
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
