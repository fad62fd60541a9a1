// worker.js: runs libdlx (dlx.js and dlx.wasm, built by make web) off the
// page's thread, so that a long count never freezes the page.
//
// The page sends one job at a time: {id, call, args}, where call is one
// of the glue's functions (web/dlx_web.c) and args its arguments; the
// worker answers {type: 'result', id, res, ms} with the glue's JSON
// answer parsed, and while the job runs {type: 'progress', id, ...} a
// few times a second: a search's solutions, fraction of the tree and
// nodes, or the generator's grid (attempts), stage, its steps done and
// total, and givens left.  To stop a job the page ends this worker and starts
// another: the engine runs without pause, so no message could reach it.
'use strict';

importScripts('dlx.js');

let mod = null;
let job = 0;
let last = 0;

// The glue's progress (its web_progress()): at most every 200 ms.
function onprogress(kind, a, b, c, d, e) {
	const now = performance.now();
	if (now - last < 200)
		return;
	last = now;
	if (kind === 0)
		postMessage({ type: 'progress', id: job, solutions: a,
		    fraction: b, nodes: c });
	else
		postMessage({ type: 'progress', id: job, attempts: a,
		    stage: b, done: c, total: d, givens: e });
}

// A JavaScript string in the module's memory (free it with _free).
function cstring(s) {
	const n = mod.lengthBytesUTF8(s) + 1;
	const p = mod._malloc(n);
	if (p === 0)
		throw new Error('out of memory');
	mod.stringToUTF8(s, p, n);
	return p;
}

// Call the glue's function name with args; strings are copied in and
// freed after.  The answer is the glue's JSON, parsed.
function call(name, args) {
	const fn = mod['_dlxweb_' + name];
	if (typeof fn !== 'function')
		throw new Error('no such call: ' + name);
	const ptrs = [];
	try {
		const cargs = args.map((a) => {
			if (typeof a !== 'string')
				return a;
			const p = cstring(a);
			ptrs.push(p);
			return p;
		});
		return JSON.parse(mod.UTF8ToString(fn(...cargs)));
	} finally {
		ptrs.forEach((p) => mod._free(p));
	}
}

// Run the search loops a moment before the first job (see dlxweb_warm()
// in dlx_web.c): a WebAssembly function gets its optimized code only at
// its next call, and a count is one long call.  Until a round takes under
// half the first one's time, at most 10 rounds (a few hundred ms).
async function warm() {
	const times = [];
	for (let i = 0; i < 10; i++) {
		const t0 = performance.now();
		if (mod._dlxweb_warm() < 0)
			break;
		times.push(Math.round(performance.now() - t0));
		if (times[i] < times[0] / 2)
			break;
		await new Promise((r) => setTimeout(r, 10));
	}
	return times;
}

const ready = dlxModule().then(async (m) => {
	mod = m;
	mod.onprogress = onprogress;
	const warmup = await warm();
	postMessage({ type: 'ready', warmup,
	    version: mod.UTF8ToString(mod._dlxweb_version()) });
}, (err) => {
	postMessage({ type: 'fatal', error: String(err) });
});

onmessage = async (ev) => {
	const q = ev.data;
	await ready;
	job = q.id;
	last = performance.now();
	const t0 = performance.now();
	let res;
	try {
		res = call(q.call, q.args);
	} catch (err) {
		// Out of memory in WebAssembly, most likely: say so, and let
		// the page start a fresh worker.
		res = { ok: false, error: String(err.message || err),
		    fatal: true };
	}
	postMessage({ type: 'result', id: q.id, res,
	    ms: performance.now() - t0 });
};
