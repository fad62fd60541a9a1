// app.js: the page.  It keeps the puzzle, draws the grid, and asks the
// engine (worker.js, on libdlx in WebAssembly) for one job at a time: a
// new job, or Stop, ends the one running by ending its worker and starting
// a fresh one.
//
// The state is in the URL's fragment, so that a link opens the same
// puzzle and does the same thing:
//   #p=LINE            a puzzle as one line (81 characters for 9x9;
//                      16, 36, 64, 144, 256 or 625 for the other sizes),
//                      or a line of pencil marks (N*N*N: 729 for 9x9)
//   #t=TEXT            a variant's text form (jigsaw, killer), encoded
//   &v=x, &v=hyper, &v=x,hyper   extra units for a line
//   &solve, &count, &explain     what to do on opening; or a setter's
//   &cands, &unique, &redundant, &canonical    question
//   #dlx=TEXT&count, #dlx=TEXT&list   the exact-cover tab
'use strict';

const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const $ = (id) => document.getElementById(id);
const fmt = (x) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (k, w) => fmt(k) + ' ' + w + (String(k) === '1' ? '' : 's');

function seconds(ms) {
	return ms < 1000 ? Math.round(ms) + ' ms' :
	    (ms / 1000).toFixed(ms < 10000 ? 2 : 1) + ' s';
}

// ---- the engine: one worker, one job at a time -------------------------

const engine = {
	worker: null,
	ready: false,
	queued: null,		// a job waiting for the worker to start
	job: null,		// the job running: {id, onresult, onprogress}
	seq: 0,
	version: '',
	start() {
		this.ready = false;
		try {
			this.worker = new Worker('worker.js');
		} catch (err) {
			// Opened as a file, the browser refuses workers.
			this.worker = { postMessage() {}, terminate() {} };
			this.dead = 'the engine cannot start here (' +
			    err.message + '): serve the folder, e.g. with ' +
			    'python3 -m http.server, and open it over http';
			return;
		}
		this.worker.onmessage = (ev) => this.message(ev.data);
		this.worker.onerror = (ev) => {
			ev.preventDefault();
			this.fail('the engine failed to start: ' +
			    (ev.message || 'see the console'));
		};
	},
	message(m) {
		if (m.type === 'ready') {
			this.ready = true;
			this.version = m.version;
			$('version').textContent = 'dlx ' + m.version;
			document.body.dataset.engine = 'ready';
			document.body.dataset.warmup = m.warmup.join(' ');
			if (this.queued) {
				this.worker.postMessage(this.queued);
				this.queued = null;
			}
			return;
		}
		if (m.type === 'fatal') {
			this.fail('the engine failed to start: ' + m.error);
			return;
		}
		const job = this.job;
		if (!job || m.id !== job.id)
			return;
		if (m.type === 'progress') {
			job.last = m;
			if (job.onprogress)
				job.onprogress(m, performance.now() - job.t0);
			return;
		}
		this.job = null;
		busy(false);
		if (m.res.fatal)
			this.restart();
		job.onresult(m.res, m.ms);
	},
	fail(msg) {
		const job = this.job;
		this.job = null;
		busy(false);
		if (job)
			job.onresult({ ok: false, error: msg }, 0);
		else
			status(msg, 'bad');
	},
	restart() {
		this.worker.terminate();
		this.start();
	},
	// Run glue function call(args).  A job running is stopped first,
	// unless it is a quick one (reading a puzzle): then the new job
	// waits in the worker behind it, and the old answer is dropped.  A
	// job of the other tab that is stopped so says so there.
	run(call, args, onresult, onprogress, quick) {
		const tab = call === 'dlx' ? 'dlx' : 'sudoku';
		if (this.dead) {
			setTimeout(() => onresult({ ok: false,
			    error: this.dead }, 0), 0);
			this.job = { id: 0, tab };
			return;
		}
		if (this.job && !this.job.quick)
			this.stop(this.job.tab === tab);
		const id = ++this.seq;
		this.job = { id, onresult, onprogress, t0: performance.now(),
		    last: null, quick: !!quick, tab, call };
		const msg = { id, call, args };
		if (this.ready)
			this.worker.postMessage(msg);
		else
			this.queued = msg;
		busy(true);
	},
	// Whether a long job of the other tab than tab is running: the
	// reading of a text as it is edited waits for the action that needs
	// it rather than stop that job.
	busyElsewhere(tab) {
		return !!this.job && !this.job.quick && this.job.tab !== tab;
	},
	// Stop a long job of tab that is running (its text was edited:
	// its answer no longer applies), quietly.
	drop(tab) {
		if (this.job && !this.job.quick && this.job.tab === tab)
			this.stop(true);
	},
	// Stop the job running: its worker goes, with whatever it was doing.
	stop(quiet) {
		const job = this.job;
		if (!job)
			return;
		this.job = null;
		this.queued = null;
		this.restart();
		busy(false);
		if (job.ondrop)
			job.ondrop();
		if (!quiet && job.onstop)
			job.onstop(job.last, performance.now() - job.t0);
	},
};

// The Stop buttons show once a job has run a moment (no flicker for the
// quick ones).
let busyTimer = 0;
function busy(on) {
	clearTimeout(busyTimer);
	document.body.classList.toggle('busy', on);
	if (on)
		busyTimer = setTimeout(() => {
			// The generator's is beside Generate.
			// The setter's questions' is beside them.
			const call = engine.job && engine.job.call;
			$('stop').hidden = call === 'generate' ||
			    call === 'setter';
			$('gen-stop').hidden = call !== 'generate';
			$('q-stop').hidden = call !== 'setter';
			$('dlx-stop').hidden = false;
		}, 120);
	else
		$('stop').hidden = $('dlx-stop').hidden =
		    $('gen-stop').hidden = $('q-stop').hidden = true;
}

// How much of the search tree a count has seen, in words.
function share(f) {
	if (!(f >= 0))
		return '';
	if (f < 1e-4)
		return ', under 0.01% of the search tree';
	return ', about ' + (100 * f).toPrecision(2) + '% of the search tree';
}

// ---- the sudoku: state -------------------------------------------------

const S = {
	n: 9, boxr: 3, boxc: 3,
	extras: '',		// 'x', 'hyper', 'x,hyper' for a line
	variant: null,		// a variant with maps: {regions, cages, sums,
				// text, name}
	cells: new Array(81).fill(0),
	marks: null,		// a puzzle of pencil marks: each cell's
				// candidates (bit s-1 for symbol s), its
				// cells all blank; null for givens
	pencil: false,		// the grid strikes and restores marks
	view: 'edit',		// 'edit', 'solution', 'explain', 'cands'
	cands: null,		// the true candidates shown (view 'cands'):
				// {total, counts: per cell, per symbol}
	flags: null,		// the redundant givens shown (in 'edit'):
				// per cell 0 blank, 1 needed, 2 redundant,
				// 3 unsettled
	sols: [], sol: 0, more: false,
	ex: null, step: 0,	// an explanation and the step shown
	bad: [],		// cells of a clash
	action: '',		// what the URL asks for
	read: '',		// the puzzle box's text that the above is
	textError: null,	// or the box's text that does not read
	errorOf: '',		// the error shown: 'text' or an action's
	seed: null,		// the generator's next seed, from the link;
				// null: a random one each time
};

function line() {
	return S.cells.map((v) => v ? SYMBOLS[v - 1] : '.').join('');
}

// The pencil marks as a line, as dlx-sudoku reads it: N characters a
// cell, the j-th the symbol j if it is a candidate, else '.'.
function marksLine() {
	let t = '';
	for (const m of S.marks)
		for (let s = 1; s <= S.n; s++)
			t += m & 2 ** (s - 1) ? SYMBOLS[s - 1] : '.';
	return t;
}

// Whether a puzzle of this shape can be a line of pencil marks: the
// reader takes lines of at most 36*36 characters, and reads 64 characters
// as an 8x8 puzzle, not as the marks of a 4x4 (so 6x6 to 10x10); a
// variant's text form has no marks.
function canMark() {
	return !S.variant && S.n > 4 && S.n ** 3 <= 36 * 36;
}

// The text of the puzzle as the engine reads it: a line (of givens, or
// of pencil marks), or a variant's text form with its givens replaced by
// the grid's.
function puzzleText() {
	if (S.marks)
		return marksLine();
	if (!S.variant)
		return line();
	const rows = S.variant.text.split('\n');
	for (let r = 0; r < S.n; r++)
		rows[r + 1] = S.cells.slice(r * S.n, (r + 1) * S.n)
		    .map((v) => v ? SYMBOLS[v - 1] : '.').join('');
	return rows.join('\n');
}

function setShape(boxr, boxc) {
	S.boxr = boxr;
	S.boxc = boxc;
	S.n = boxr * boxc;
	S.cells = new Array(S.n * S.n).fill(0);
	S.variant = null;
	S.marks = null;
	setPencil(false);
	$('size').value = boxr + 'x' + boxc;
	genHint();
}

// Take the puzzle the engine read (its "puzzle" member).
function adopt(p) {
	S.n = p.n;
	S.cells = Array.from(p.givens, (ch) => ch === '.' ? 0 :
	    SYMBOLS.indexOf(ch) + 1);
	S.marks = p.marks || null;
	if (!S.marks)
		setPencil(false);
	if (p.regions || p.cages) {
		S.variant = { name: p.variant, regions: p.regions,
		    cages: p.cages, sums: p.sums, text: p.text,
		    extras: p.extras };
		S.boxr = p.boxr;
		S.boxc = p.boxc;
	} else {
		S.variant = null;
		S.boxr = p.boxr;
		S.boxc = p.boxc;
		S.extras = [p.extras & 1 ? 'x' : '', p.extras & 2 ?
		    'hyper' : ''].filter(Boolean).join(',');
	}
	const size = p.boxr + 'x' + p.boxc;
	if ([...$('size').options].some((o) => o.value === size))
		$('size').value = size;
	genHint();
	$('v-x').checked = (p.extras & 1) !== 0;
	$('v-hyper').checked = (p.extras & 2) !== 0;
}

// ---- the grid ----------------------------------------------------------

// Which region (box, or jigsaw region) each cell is in.
function regionOf(k) {
	if (S.variant && S.variant.regions)
		return S.variant.regions[k];
	const r = Math.floor(k / S.n), c = k % S.n;
	return Math.floor(r / S.boxr) * S.boxr + Math.floor(c / S.boxc);
}

// Whether cell k is on a diagonal of X, or in a window of hyper.
function onDiagonal(k) {
	const r = Math.floor(k / S.n), c = k % S.n;
	return r === c || r + c === S.n - 1;
}
function inWindow(k) {
	if (!S.boxr)
		return false;
	const r = Math.floor(k / S.n), c = k % S.n;
	const wr = r % (S.boxr + 1), wc = c % (S.boxc + 1);
	const br = Math.floor(r / (S.boxr + 1)), bc = Math.floor(c /
	    (S.boxc + 1));
	return wr >= 1 && wc >= 1 &&
	    (br + 1) * (S.boxr + 1) <= S.n && (bc + 1) * (S.boxc + 1) <= S.n;
}
function extrasNow() {
	if (S.variant)
		return S.variant.extras || 0;
	return ($('v-x').checked ? 1 : 0) | ($('v-hyper').checked ? 2 : 0);
}

// The cell elements, made once per size.
let cellEls = [];
let drawnShape = '';

function buildBoard() {
	const b = $('board');
	const n = S.n;
	const shape = n + ':' + S.boxr + 'x' + S.boxc + ':' +
	    (S.variant ? S.variant.text : '') + ':' + extrasNow();
	if (shape === drawnShape)
		return;
	drawnShape = shape;
	b.innerHTML = '';
	b.style.setProperty('--n', n);
	b.style.setProperty('--mr', S.boxr || Math.ceil(Math.sqrt(n)));
	b.style.setProperty('--mc', S.boxc || Math.ceil(n /
	    Math.ceil(Math.sqrt(n))));
	b.dataset.n = n;
	b.classList.toggle('killer', !!(S.variant && S.variant.cages));
	const ex = extrasNow();
	const cages = S.variant && S.variant.cages;
	const seen = new Set();
	cellEls = [];
	for (let k = 0; k < n * n; k++) {
		const r = Math.floor(k / n), c = k % n;
		const d = document.createElement('div');
		d.className = 'cell';
		d.setAttribute('role', 'gridcell');
		d.dataset.k = k;
		if (c < n - 1 && regionOf(k) !== regionOf(k + 1))
			d.classList.add('br');
		if (r < n - 1 && regionOf(k) !== regionOf(k + n))
			d.classList.add('bb');
		if ((ex & 1) && onDiagonal(k))
			d.classList.add('diag');
		if ((ex & 2) && inWindow(k))
			d.classList.add('window');
		if (S.variant && S.variant.regions)
			d.classList.add('rg' + (S.variant.regions[k] % 9));
		if (cages) {
			const g = cages[k];
			const cage = document.createElement('div');
			cage.className = 'cage';
			if (r === 0 || cages[k - n] !== g)
				cage.classList.add('t');
			if (r === n - 1 || cages[k + n] !== g)
				cage.classList.add('b');
			if (c === 0 || cages[k - 1] !== g)
				cage.classList.add('l');
			if (c === n - 1 || cages[k + 1] !== g)
				cage.classList.add('r');
			d.appendChild(cage);
			if (!seen.has(g)) {
				seen.add(g);
				const s = document.createElement('span');
				s.className = 'sum';
				s.textContent = S.variant.sums[g];
				d.appendChild(s);
			}
		}
		const v = document.createElement('div');
		v.className = 'v';
		d.appendChild(v);
		cellEls.push(d);
		b.appendChild(d);
	}
}

// Candidates of a cell as a small grid of symbols (mask: bit s-1 for s).
function candidates(el, mask, mark) {
	const g = document.createElement('div');
	g.className = 'cands';
	for (let s = 1; s <= S.n; s++) {
		const c = document.createElement('span');
		if (mask & 2 ** (s - 1)) {
			c.textContent = SYMBOLS[s - 1];
			if (mark && mark[s])
				c.className = mark[s];
		}
		g.appendChild(c);
	}
	el.appendChild(g);
}

// The pencil marks of cell k in el: its candidates; while the grid
// strikes and restores them (S.pencil), every symbol, a struck one
// pale, each a button of its own.
function pencilCell(el, k) {
	const mask = S.marks[k];
	if (!S.pencil) {
		// One mark left: the cell is filled (as dlx-sudoku takes it).
		if (mask && !(mask & (mask - 1))) {
			el.textContent = SYMBOLS[Math.log2(mask)];
			el.parentNode.classList.add('given');
		} else
			candidates(el, mask);
		return;
	}
	const g = document.createElement('div');
	g.className = 'cands pencil';
	const where = 'r' + (Math.floor(k / S.n) + 1) + 'c' + (k % S.n + 1);
	for (let s = 1; s <= S.n; s++) {
		const c = document.createElement('span');
		const on = (mask & 2 ** (s - 1)) !== 0;
		c.textContent = SYMBOLS[s - 1];
		c.dataset.s = s;
		c.className = on ? 'on' : 'off';
		c.title = where + ': ' + (on ? 'strike ' : 'restore ') +
		    SYMBOLS[s - 1];
		g.appendChild(c);
	}
	el.appendChild(g);
	// Focusable, so that a key strikes or restores its symbol.
	el.tabIndex = 0;
	el.dataset.k = k;
	el.setAttribute('aria-label', where + ' pencil marks');
}

// Cell k in the view of the true candidates: a given (or a cell with
// one pencil mark) as it is, an open cell its true candidates, each with
// its count of solutions in its title and data-count.
function candsCell(el, k) {
	const counts = S.cands.counts[k];
	const where = 'r' + (Math.floor(k / S.n) + 1) + 'c' + (k % S.n + 1);
	if (S.cells[k] || counts.filter((c) => c !== '0').length === 1 &&
	    S.marks && !(S.marks[k] & (S.marks[k] - 1))) {
		const s = S.cells[k] || Math.log2(S.marks[k]) + 1;
		el.textContent = SYMBOLS[s - 1];
		el.parentNode.classList.add('given');
		return;
	}
	const g = document.createElement('div');
	g.className = 'cands truec';
	for (let s = 1; s <= S.n; s++) {
		const c = document.createElement('span');
		const count = counts[s - 1];
		if (count !== '0') {
			c.textContent = SYMBOLS[s - 1];
			c.dataset.s = s;
			c.dataset.count = count;
			c.title = where + ' = ' + SYMBOLS[s - 1] + ': ' +
			    plural(count, 'solution') + ' of ' +
			    fmt(S.cands.total);
		}
		g.appendChild(c);
	}
	el.appendChild(g);
	if (S.cands.picked === k)
		el.parentNode.classList.add('picked');
}

// The pencil-mark mode: on, the grid strikes and restores candidates
// (the puzzle becomes a line of pencil marks if it was not one: a given
// its one mark, an open cell every symbol); off, the grid shows them.
function setPencil(on) {
	S.pencil = !!on;
	const b = $('pencil');
	b.setAttribute('aria-pressed', String(S.pencil));
	b.classList.toggle('on', S.pencil);
}

// Strike or restore symbol s in cell k (the grid's pencil-mark mode).
function toggleMark(k, s) {
	S.marks[k] ^= 2 ** (s - 1);
	edited();
	draw();
	const el = cellEls[k].querySelector('.v');
	if (el)
		el.focus();
}

// Draw the grid for the view.
function draw() {
	buildBoard();
	const n = S.n;
	const st = S.view === 'explain' ? S.ex.steps[S.step] : null;
	const step = st && st.step;
	const grid = st ? st.before.grid : null;
	const sol = S.view === 'solution' ? S.sols[S.sol] : null;
	const houses = new Set();
	if (step)
		for (const h of step.houses)
			for (let k = 0; k < n * n; k++) {
				const r = Math.floor(k / n), c = k % n;
				if ((h < n && r === h) ||
				    (h >= n && h < 2 * n && c === h - n) ||
				    (h >= 2 * n && regionOf(k) === h - 2 * n))
					houses.add(k);
			}
	const marks = {};
	if (step) {
		for (let i = 0; i < step.elim.length; i += 2)
			(marks[step.elim[i]] ||= {})[step.elim[i + 1]] =
			    'elim';
		for (const k of step.cells)
			for (let s = 1; s <= n; s++)
				if (step.symbols & 2 ** (s - 1))
					(marks[k] ||= {})[s] ||= 'why';
		if (step.cell >= 0)
			(marks[step.cell] ||= {})[step.symbol] = 'place';
	}
	const end = S.view === 'explain' && S.step === S.ex.steps.length - 1;
	for (let k = 0; k < n * n; k++) {
		const el = cellEls[k];
		const v = el.querySelector('.v');
		v.innerHTML = '';
		v.removeAttribute('tabindex');
		v.removeAttribute('aria-label');
		el.classList.remove('given', 'solved', 'bad', 'house',
		    'pattern', 'placed', 'searched', 'editing', 'picked');
		if (S.view === 'cands') {
			candsCell(v, k);
		} else if (S.view === 'edit' && S.marks) {
			pencilCell(v, k);
		} else if (S.view === 'edit') {
			el.classList.add('editing');
			const inp = document.createElement('input');
			inp.value = S.cells[k] ? SYMBOLS[S.cells[k] - 1] : '';
			inp.inputMode = n <= 9 ? 'numeric' : 'text';
			inp.autocomplete = 'off';
			inp.setAttribute('aria-label', 'row ' +
			    (Math.floor(k / n) + 1) + ' column ' +
			    (k % n + 1));
			inp.dataset.k = k;
			v.appendChild(inp);
			if (S.cells[k])
				el.classList.add('given');
		} else if (sol) {
			v.textContent = sol[k];
			// A cell with one pencil mark is filled, as a given.
			const m = S.marks ? S.marks[k] : 0;
			el.classList.add(S.cells[k] || m && !(m & (m - 1)) ?
			    'given' : 'solved');
		} else if (st) {
			const ch = grid[k];
			if (houses.has(k))
				el.classList.add('house');
			if (step && step.cells.includes(k))
				el.classList.add('pattern');
			if (ch !== '.') {
				v.textContent = ch;
				el.classList.add(S.cells[k] ? 'given' :
				    'solved');
			} else if (end && S.ex.solution) {
				v.textContent = S.ex.solution[k];
				el.classList.add('searched');
			} else
				candidates(v, st.before.cand[k], marks[k]);
			if (step && step.cell === k)
				el.classList.add('placed');
		}
		if (S.bad.includes(k))
			el.classList.add('bad');
		el.classList.toggle('redundant', S.view === 'edit' &&
		    !!S.flags && S.flags[k] === 2);
		el.classList.toggle('unsettled', S.view === 'edit' &&
		    !!S.flags && S.flags[k] === 3);
	}
	drawPager();
}

function drawPager() {
	const p = $('pager');
	p.hidden = S.view === 'edit';
	$('legend').hidden = S.view !== 'explain' && !(S.view === 'edit' &&
	    S.marks);
	$('pencil').disabled = !canMark();
	$('pencil').title = canMark() ? 'strike and restore candidates in ' +
	    'the grid; the puzzle box holds them as a line of pencil marks' :
	    'pencil marks are for lines of 6\u00d76 to 10\u00d710 grids';
	if (S.view === 'edit' && S.marks) {
		const open = S.marks.filter((m) => m & (m - 1)).length;
		$('legend').textContent = 'A puzzle of pencil marks (' +
		    plural(open, 'cell') + ' with more than one candidate). ' +
		    (S.pencil ? 'Click a candidate, or type its symbol in ' +
		    'a cell, to strike it or restore it.' : 'Press Pencil ' +
		    'marks to strike or restore them in the grid.');
	}
	// The true candidates are one view: no arrows.
	$('prev').hidden = $('next').hidden = S.view === 'cands';
	if (S.view === 'cands')
		$('pager-label').textContent = 'True candidates';
	if (S.view === 'solution') {
		$('pager-label').textContent = 'Solution ' + fmt(S.sol + 1) +
		    (S.more || S.sol < S.sols.length - 1 ? '' : ' of ' +
		    fmt(S.sols.length));
		$('prev').disabled = S.sol === 0;
		$('next').disabled = S.sol >= S.sols.length - 1 && !S.more;
	} else if (S.view === 'explain') {
		const last = S.ex.steps.length - 1;
		$('pager-label').textContent = S.step < last ?
		    'Step ' + (S.step + 1) + ' of ' + last :
		    'Where the rules end';
		$('prev').disabled = S.step === 0;
		$('next').disabled = S.step >= last;
		$('legend').innerHTML = '<span class="k-place">placed' +
		    '</span> <span class="k-why">why</span> ' +
		    '<span class="k-elim">removed</span> ' +
		    '<span class="k-house">house</span>';
	}
}

// ---- the puzzle's text, errors and URL ----------------------------------

function status(html, kind) {
	const s = $('status');
	s.innerHTML = html;
	s.className = 'status' + (kind ? ' ' + kind : '');
}

// Show an error next to the puzzle box: of its text (of), or of an
// action on it.
function showError(res, of) {
	S.errorOf = of || 'action';
	const e = $('puzzle-error');
	let where = '';
	if (res.line)
		where = 'line ' + res.line + (res.col ? ', column ' + res.col :
		    '') + ': ';
	e.textContent = where + res.error;
	e.hidden = false;
	// A clash comes with the puzzle read: show the two givens.
	if (res.puzzle)
		adopt(res.puzzle);
	S.bad = res.cells || [];
	// The text is at fault (not, say, Explain asked of an X sudoku).
	if (S.errorOf === 'text' || res.line || res.cells) {
		$('puzzle').classList.add('invalid');
		$('puzzle').setAttribute('aria-invalid', 'true');
	}
}

function clearError() {
	S.errorOf = '';
	$('puzzle-error').hidden = true;
	$('puzzle').classList.remove('invalid');
	$('puzzle').removeAttribute('aria-invalid');
	S.bad = [];
}

// Write the puzzle into the box (nothing for an empty grid, so that a
// puzzle pasted or typed there is the whole text).
function syncText() {
	const empty = !S.variant && !S.marks && S.cells.every((v) => v === 0);
	$('puzzle').value = empty ? '' : puzzleText();
	S.read = $('puzzle').value;
	S.textError = null;
	updateActions();
}

// What the page knows of the text in the box: 'ok' (the puzzle above is
// its reading), 'bad' (it does not read; its error is shown) or 'new'
// (edited since it was read).
function boxState() {
	const t = $('puzzle').value;
	if (S.textError === t)
		return 'bad';
	return t === S.read ? 'ok' : 'new';
}

// The actions answer for the box's text only: while it does not read
// they are off, and the grid (an older puzzle) is dimmed.
function updateActions() {
	const bad = boxState() === 'bad';
	for (const id of ['solve', 'count', 'explain', 'q-cands', 'q-unique',
	    'q-redundant', 'q-minimize', 'q-canon']) {
		$(id).disabled = bad;
		$(id).title = bad ? 'the puzzle box does not read as a ' +
		    'puzzle: see the error under it' : '';
	}
	$('board').classList.toggle('stale', bad && S.bad.length === 0);
}

// An action on the box's text: at once if it was read, after reading it
// if it was edited since (its error instead, if it does not read).
function act(fn) {
	return () => {
		const st = boxState();
		if (st === 'ok')
			fn();
		else if (st === 'new')
			check(fn);
	};
}

// The puzzle was changed (its text, a cell, the size, the units): what
// is shown of the one before goes (solutions, steps, a count or its
// progress, an action's error), and a job for it stops.
function stale() {
	engine.drop('sudoku');
	const flags = S.flags;
	S.flags = null;
	if (S.view !== 'edit' || flags) {
		S.view = 'edit';
		draw();
	}
	leaveExplain();
	qStatus('');
	$('q-out').innerHTML = '';
	if (S.errorOf !== 'text')
		clearError();
	status('');
	updateActions();
}

function saveURL(action) {
	S.action = action || '';
	let h;
	if (S.variant)
		h = 't=' + encodeURIComponent(puzzleText());
	else {
		h = 'p=' + (S.marks ? marksLine() : line());
		const ex = extrasNow();
		if (ex)
			h += '&v=' + ['', 'x', 'hyper', 'x,hyper'][ex];
	}
	if (S.action)
		h += '&' + S.action;
	history.replaceState(null, '', '#' + h);
}

function extrasArg() {
	const ex = extrasNow();
	return ['', 'x', 'hyper', 'x hyper'][ex];
}

// Read the text box through the engine, then (if it reads) do then().
// An empty box is the empty grid of the size chosen.
function check(then) {
	clearTimeout(typing);
	const text = $('puzzle').value;
	const done = () => {
		S.read = text;
		S.textError = null;
		clearError();
		S.view = 'edit';
		draw();
		updateActions();
		if (then)
			then();
		else
			saveURL('');
	};
	if (text.trim() === '') {
		const [r, c] = $('size').value.split('x').map(Number);
		setShape(r, c);
		done();
		return;
	}
	if (!then && engine.busyElsewhere('sudoku'))
		return;
	engine.run('sudoku', [text, S.variant ? '' : extrasArg(), 0, 0, 0],
	    (res) => {
		// Edited since: the reading of the new text follows.
		if ($('puzzle').value !== text)
			return;
		if (!res.ok) {
			// (A clash is shown on its grid: the puzzle is no
			// longer the reading of any text.)
			S.textError = text;
			S.read = null;
			showError(res, 'text');
			S.view = 'edit';
			draw();
			status('');
			updateActions();
			return;
		}
		adopt(res.puzzle);
		done();
	}, null, true);
}

// ---- actions -------------------------------------------------------------

function leaveExplain() {
	$('explain-card').hidden = true;
}

function answerError(res) {
	showError(res);
	status('');
	S.view = 'edit';
	draw();
}

function solve() {
	leaveExplain();
	saveURL('solve');
	status('Solving&hellip;');
	engine.run('sudoku', [puzzleText(), S.variant ? '' : extrasArg(), 1,
	    0, 50], (res, ms) => {
		if (!res.ok)
			return answerError(res);
		clearError();
		S.sols = res.solutions;
		S.sol = 0;
		S.more = res.more;
		if (S.sols.length === 0) {
			S.view = 'edit';
			draw();
			status('<b>No solution.</b> These givens cannot all ' +
			    'stand (' + seconds(ms) + ').', 'bad');
			return;
		}
		S.view = 'solution';
		draw();
		status(S.sols.length === 1 && !res.more ?
		    '<b>Solved:</b> the solution is unique (' + seconds(ms) +
		    ').' : '<b>Not unique:</b> ' + (res.more ? 'more than ' +
		    fmt(S.sols.length) : fmt(S.sols.length)) +
		    ' solutions. Page through them, or Count them all.',
		    res.more || S.sols.length > 1 ? 'warn' : 'good');
	}, null);
}

// More solutions when paging past those known.
function moreSolutions() {
	engine.run('sudoku', [puzzleText(), S.variant ? '' : extrasArg(), 1,
	    S.sols.length, 200], (res) => {
		if (!res.ok)
			return answerError(res);
		S.sols = S.sols.concat(res.solutions);
		S.more = res.more;
		if (S.sol < S.sols.length - 1)
			S.sol++;
		draw();
		status(S.more ? 'More than ' + fmt(S.sols.length) +
		    ' solutions.' : fmt(S.sols.length) + ' solutions in all.',
		    'warn');
	});
}

function countAll() {
	leaveExplain();
	saveURL('count');
	S.view = 'edit';
	draw();
	status('<span class="spin"></span> Counting&hellip;');
	engine.run('sudoku', [puzzleText(), S.variant ? '' : extrasArg(), 2,
	    0, 0], (res, ms) => {
		if (!res.ok)
			return answerError(res);
		clearError();
		draw();
		const c = res.count;
		status('<b class="count" id="count-result">' + fmt(c) +
		    '</b> solution' + (c === '1' ? '' : 's') +
		    (res.exact ? '' : ' at least') + ' <span class="muted">' +
		    'in ' + seconds(ms) + ', ' + plural(res.nodes, 'node') +
		    (res.cached ? ', with the subproblem cache' : '') +
		    '</span>', c === '0' ? 'bad' : c === '1' ? 'good' :
		    'warn');
		document.body.dataset.countMs = Math.round(ms);
	}, (p, ms) => {
		status('<span class="spin"></span> Counting&hellip; <b ' +
		    'class="count">' + fmt(p.solutions) + '</b> so far' +
		    share(p.fraction) +
		    ' <span class="muted">' + seconds(ms) + '</span>');
	});
	engine.job.onstop = (p, ms) => {
		status('<b>Stopped</b> after ' + seconds(ms) + ': at least ' +
		    '<b class="count">' + fmt(p ? p.solutions : 0) +
		    '</b> solutions so far.', 'warn');
	};
}

function explain() {
	saveURL('explain');
	status('Explaining&hellip;');
	engine.run('sudoku', [puzzleText(), S.variant ? '' : extrasArg(), 3,
	    0, 0], (res) => {
		if (!res.ok)
			return answerError(res);
		clearError();
		S.ex = res;
		S.step = 0;
		S.view = 'explain';
		drawExplain();
		draw();
		status('');
	}, (p, ms) => {
		status('<span class="spin"></span> Searching after the ' +
		    'rules&hellip; ' + plural(p.nodes, 'node') +
		    ' <span class="muted">' + seconds(ms) + '</span>');
	});
	engine.job.onstop = () => status('<b>Stopped.</b>', 'warn');
}

function drawExplain() {
	const ex = S.ex;
	const nsteps = ex.steps.length - 1;
	// "38 naked singles, 8 pointing, 1 x-wing".
	const rules = Object.entries(ex.rules).map(([r, k]) =>
	    /(pointing|claiming|swordfish)$/.test(r) ? fmt(k) + ' ' + r :
	    plural(k, r)).join(', ');
	let how;
	if (ex.end === 'solved')
		how = 'Solved by the rules in ' + plural(nsteps, 'step') + '.';
	else if (ex.end === 'contradiction')
		how = 'The rules found a contradiction: <b>no solution</b>.';
	else if (ex.solutions === 0)
		how = 'The rules got stuck after ' + plural(nsteps, 'step') +
		    '; the search found <b>no solution</b>.';
	else
		how = 'The rules got stuck after ' + plural(nsteps, 'step') +
		    '; the search finished it after ' +
		    plural(ex.guesses, 'guess').replace('guesss', 'guesses') +
		    (ex.solutions > 1 ? ', and it is <b>not unique</b>' : '') +
		    '.';
	// The rating as dlx-sudoku --rate prints it: Sudoku Explainer's
	// ER/EP/ED and HoDoKu's level, with the hardest rule.
	const r = ex.rating;
	const t = (x) => x.toFixed(1);
	const rating = !r || ex.end === 'contradiction' ? '' :
	    r.er !== undefined ? 'ER ' + t(r.er) + ', EP ' + t(r.ep) +
	    ', ED ' + t(r.ed) + ', ' + r.level + ' (' + r.hardest + ')' :
	    r.level;
	$('summary').innerHTML = '<div class="badges">' + (ex.grade ?
	    '<div class="grade g-' + ex.grade + '">Grade: <b id="grade">' +
	    ex.grade + '</b></div>' : '') + (rating ?
	    '<div class="grade rating level-' + r.level +
	    '" title="Sudoku Explainer\'s ratings (hardest step, hardest ' +
	    'before the first placement, first step) and HoDoKu\'s level">' +
	    'Rating: <b id="rating">' + rating + '</b></div>' : '') +
	    '</div><p>' + how + '</p>' + (rules ? '<p class="muted">' +
	    rules + '</p>' : '');
	const ol = $('steps');
	ol.innerHTML = '';
	ex.steps.forEach((s, i) => {
		const li = document.createElement('li');
		li.dataset.i = i;
		if (s.step) {
			li.textContent = s.step.text;
			li.dataset.grade = s.step.grade || 'none';
		} else {
			li.textContent = ex.end === 'solved' ? 'solved' :
			    ex.end === 'stuck' ? 'no rule applies: ' +
			    (ex.solutions ? 'the search finishes it' :
			    'no solution') : 'contradiction';
			li.className = 'end';
		}
		ol.appendChild(li);
	});
	$('explain-card').hidden = false;
	markStep();
}

function markStep() {
	for (const li of $('steps').children)
		li.classList.toggle('on', Number(li.dataset.i) === S.step);
	const on = $('steps').children[S.step];
	if (on)
		on.scrollIntoView({ block: 'nearest' });
}

// ---- the setter's questions ------------------------------------------------

function qStatus(html, kind) {
	const s = $('q-status');
	s.innerHTML = html;
	s.className = 'status' + (kind ? ' ' + kind : '');
}

const cellName = (k) => 'r' + (Math.floor(k / S.n) + 1) + 'c' +
    (k % S.n + 1);

// Ask the engine the setter's question q (dlx_web.c's Q_*) about the
// puzzle in the box, with arg (the symmetry of Redundant givens and
// Minimize); then(res, ms) takes a good answer.
const Q = { cands: 0, unique: 1, redundant: 2, minimize: 3, canon: 4 };
function ask(q, what, then, arg) {
	leaveExplain();
	status('');
	$('setter-card').open = true;
	$('q-out').innerHTML = '';
	qStatus('<span class="spin"></span> ' + what + '&hellip;');
	engine.run('setter', [puzzleText(), S.variant ? '' : extrasArg(), Q[q],
	    arg || 0], (res, ms) => {
		if (!res.ok) {
			qStatus(res.error, 'bad');
			return;
		}
		then(res, ms);
	}, (p, ms) => {
		qStatus('<span class="spin"></span> ' + what + '&hellip; ' +
		    plural(p.nodes, 'node') + ' <span class="muted">' +
		    seconds(ms) + '</span>');
	});
	engine.job.onstop = (p, ms) => qStatus('<b>Stopped</b> after ' +
	    seconds(ms) + '.', 'warn');
}

// The grid's view of the true candidates, each open cell's counts on
// demand (a click on the cell, or a candidate's title).
function trueCandidates() {
	saveURL('cands');
	ask('cands', 'Finding the true candidates', (res, ms) => {
		S.cands = { total: res.total, counts: res.counts, picked: -1 };
		S.view = 'cands';
		draw();
		const open = res.counts.filter((c, k) => !S.cells[k] &&
		    c.filter((x) => x !== '0').length > 1).length;
		const all = res.counts.reduce((a, c, k) => a + (S.cells[k] ?
		    0 : c.filter((x) => x !== '0').length), 0);
		qStatus(res.total === '0' ? '<b>No solution:</b> no ' +
		    'candidate is true.' : '<b id="q-cands-result">' +
		    plural(all, 'true candidate') + '</b> in the open cells, ' +
		    'over ' + plural(res.total, 'solution') + '; ' +
		    plural(open, 'cell') + ' with more than one. Hover ' +
		    'over a candidate, or click a cell, for its counts. ' +
		    '<span class="muted">' + seconds(ms) + '</span>',
		    res.total === '1' ? 'good' : res.total === '0' ? 'bad' :
		    'warn');
	});
}

// The counts of cell k's true candidates, as a table under the
// questions.
function pickCell(k) {
	S.cands.picked = k;
	draw();
	const rows = S.cands.counts[k].map((c, v) => c === '0' ? '' :
	    '<tr><td>' + SYMBOLS[v] + '</td><td>' + fmt(c) + '</td></tr>')
	    .join('');
	$('q-out').innerHTML = '<p class="muted" id="q-cell-caption">' +
	    cellName(k) + ': the solutions with each symbol there, of ' +
	    fmt(S.cands.total) + '</p><table class="q-table" ' +
	    'id="q-cell-table">' + rows + '</table>';
}

// The placements that leave one solution (or fewest), each a button
// that places it.
function uniqueBy() {
	saveURL('unique');
	ask('unique', 'Finding what makes it unique', (res, ms) => {
		const pl = res.placements;
		const out = $('q-out');
		if (pl.length === 0) {
			qStatus(res.total === '1' ? '<b>It is unique</b> ' +
			    'already.' : '<b>No solution:</b> nothing makes ' +
			    'it unique.', res.total === '1' ? 'good' : 'bad');
			return;
		}
		const one = pl[0].count === '1';
		qStatus((one ? '<b>' + plural(pl.length, 'placement') +
		    '</b> make it unique' : 'No one placement makes it ' +
		    'unique; <b>' + plural(pl.length, 'placement') +
		    '</b> leave the fewest, ' + plural(pl[0].count,
		    'solution')) + ' (of ' + plural(res.total, 'solution') +
		    '). Click one to place it. <span class="muted">' +
		    seconds(ms) + '</span>', one ? 'good' : 'warn');
		out.innerHTML = '';
		const ul = document.createElement('ul');
		ul.className = 'q-places';
		ul.id = 'q-places';
		for (const p of pl) {
			const li = document.createElement('li');
			const b = document.createElement('button');
			b.className = 'quiet';
			b.textContent = cellName(p.cell) + ' = ' +
			    SYMBOLS[p.symbol - 1];
			b.dataset.cell = p.cell;
			b.dataset.symbol = p.symbol;
			b.title = 'place it: ' + plural(p.count, 'solution') +
			    ' left';
			li.appendChild(b);
			ul.appendChild(li);
		}
		out.appendChild(ul);
	});
}

// Place symbol s in cell k (a placement clicked): a given, or the one
// pencil mark left.
function place(k, s) {
	if (S.marks)
		S.marks[k] = 2 ** (s - 1);
	else
		S.cells[k] = s;
	if (S.view !== 'edit')
		S.view = 'edit';
	edited();
	draw();
	qStatus('Placed ' + cellName(k) + ' = ' + SYMBOLS[s - 1] + '.',
	    'good');
}

// The redundant givens, marked in the grid.
function redundant() {
	const sym = Number($('q-sym').value);
	saveURL('redundant');
	ask('redundant', 'Checking each given', (res, ms) => {
		if (!res.unique) {
			qStatus(notUnique(res), 'bad');
			return;
		}
		S.view = 'edit';
		S.flags = res.flags;
		draw();
		const r = res.result;
		const cells = res.flags.map((f, k) => f === 2 ? k : -1)
		    .filter((k) => k >= 0);
		qStatus('<b id="q-redundant-result">' + fmt(r.redundant) +
		    ' of ' + plural(r.givens, 'given') + ' redundant</b>' +
		    (cells.length ? ': ' + cells.map(cellName).join(' ') +
		    ' (marked in the grid), each can go alone' : ': the ' +
		    'puzzle is minimal') + (sym ? ', with ' +
		    $('q-sym').selectedOptions[0].textContent +
		    ' symmetry (a cell and its images go together)' : '') +
		    (r.unsettled ? '; ' + plural(r.unsettled, 'given') +
		    ' unsettled (the check ran out of its bound)' : '') +
		    '. <span class="muted">' + plural(r.checks, 'check') +
		    ', ' + seconds(ms) + '</span>', cells.length ? 'warn' :
		    'good');
	}, sym);
}

function notUnique(res) {
	return res.status === 'none' ? '<b>No solution:</b> the question ' +
	    'is for a puzzle with one.' : res.status === 'multiple' ?
	    '<b>Not unique:</b> the question is for a puzzle with one ' +
	    'solution (What makes it unique says how to get there).' :
	    'Its uniqueness could not be settled within the bound.';
}

// Minimize: the puzzle in the box becomes a minimal one, keeping the
// symmetry chosen.
function minimize() {
	const sym = Number($('q-sym').value);
	ask('minimize', 'Minimizing', (res, ms) => {
		if (!res.unique) {
			qStatus(notUnique(res), 'bad');
			return;
		}
		const r = res.result;
		stale();
		S.cells = Array.from(res.minimized, (ch) => ch === '.' ? 0 :
		    SYMBOLS.indexOf(ch) + 1);
		clearError();
		syncText();
		saveURL('');
		draw();
		qStatus('<b id="q-minimize-result">Minimal puzzle: ' +
		    plural(r.givens - r.redundant, 'given') + '</b> (' +
		    fmt(r.redundant) + ' of ' + fmt(r.givens) + ' taken ' +
		    'away' + (sym ? ', each with its images under ' +
		    $('q-sym').selectedOptions[0].textContent + ' symmetry' :
		    '') + ')' +
		    (r.minimal ? '' : ', not proven minimal (' +
		    plural(r.unsettled, 'check') + ' ran out of the bound)') +
		    '. <span class="muted">' + plural(r.checks, 'check') +
		    ', ' + seconds(ms) + '</span>', 'good');
	}, sym);
}

// The canonical form, as a line, with a button to open it.
function canonical() {
	saveURL('canonical');
	ask('canon', 'Finding the canonical form', (res, ms) => {
		// The identity is one of the automorphisms.
		const autos = res.automorphisms - 1;
		qStatus('<b>Canonical form</b> (' + (autos > 0 ?
		    fmt(autos) + ' symmetr' + (autos > 1 ? 'ies' : 'y') +
		    ' of the grid besides the identity keep the puzzle' :
		    'no symmetry of the grid keeps the puzzle') + ') <span class="muted">' + seconds(ms) +
		    '</span>', 'good');
		$('q-out').innerHTML = '<code class="q-line" id="q-canon-line">' +
		    res.canonical + '</code> <button class="quiet" ' +
		    'id="q-canon-open">Open it</button>';
	});
}

$('q-cands').addEventListener('click', act(trueCandidates));
$('q-unique').addEventListener('click', act(uniqueBy));
$('q-redundant').addEventListener('click', act(redundant));
$('q-minimize').addEventListener('click', act(minimize));
$('q-canon').addEventListener('click', act(canonical));
$('q-stop').addEventListener('click', () => engine.stop(false));
$('q-out').addEventListener('click', (ev) => {
	const b = ev.target.closest('button');
	if (!b)
		return;
	if (b.id === 'q-canon-open') {
		const line = $('q-canon-line').textContent;
		$('puzzle').value = line;
		stale();
		check(() => {
			syncText();
			saveURL('');
			qStatus('The canonical form is in the box.', 'good');
		});
	} else if (b.dataset.cell)
		place(Number(b.dataset.cell), Number(b.dataset.symbol));
});
$('setter-help-link').addEventListener('click', (ev) => {
	ev.preventDefault();
	$('setter-help').open = true;
	$('setter-help').scrollIntoView({ block: 'nearest' });
});

// ---- the generator ---------------------------------------------------------

function genStatus(html, kind) {
	const s = $('gen-status');
	s.innerHTML = html;
	s.className = 'status' + (kind ? ' ' + kind : '');
}

// Under Generate: what it makes, and a warning for what can take long.
// Measured in the page (chromium headless, 2 CPUs shared with other work;
// seeds 1-4, or 1-2 for some, 2026-11-29): the library bounds its checks
// above 9x9 with symmetry or killer and above 16x16 (dlx_sudoku_gen.h),
// so that 180-degree symmetry takes 0.1-0.7 s at 16x16 and 0.3-0.4 s at
// 25x25, X with it 0.5-1.9 s at 16x16, killer 0.7-1.8 s at 16x16 (with
// or without symmetry), jigsaw and the other symmetries under 1 s, and
// every kind at 12x12 under 0.7 s: the symmetry is 180 degrees at every
// size.  Such puzzles may not be minimal: a given whose check ran out
// stays (the hint says so, and a puzzle made says whether it is).  Still
// slow: X without symmetry at 16x16, where every check runs to its end
// for a minimal puzzle (0.7-11.7 s here, 2-30 s natively), and the grades
// fish and search, for which most grids are dropped: fish with symmetry
// took 1-25 s at 9x9 (up to 19978 grids) and gave none in a minute at
// 16x16; search gave none in 20000 grids at 9x9 (19 s) nor in a minute
// at 16x16.  The grade advanced takes 0.4-7.8 s at 16x16, the others
// under 2 s.
function genHint() {
	const [r, c] = $('size').value.split('x').map(Number);
	const n = r * c;
	const kind = $('gen-kind').value;
	const grade = kind ? 0 : Number($('gen-grade').value);
	const sym = $('gen-sym').value !== '0';
	const slow = [];
	if (n === 16 && kind === 'x' && !sym)
		slow.push('X without symmetry at 16&times;16 can take up to ' +
		    'a minute');
	if (grade === 3)
		slow.push('the grade fish can take minutes');
	if (grade === 5)
		slow.push('the grade search can take minutes (at 9&times;9 ' +
		    'it is rarely found)');
	// Where the checks are bounded, a given whose check ran out stays.
	const bounded = n > 16 ? 'above 16&times;16' : n > 9 && kind ===
	    'killer' ? 'for killer above 9&times;9' : n > 9 && sym ?
	    'with symmetry above 9&times;9' : '';
	const warn = slow.join('; ');
	$('gen-hint').innerHTML = n + '&times;' + n + ' (the size above); ' +
	    'every puzzle has one solution' + (bounded ? ', and may not ' +
	    'be minimal (its checks are bounded ' + bounded + ')' : ' and ' +
	    'is minimal') + (warn ? '. <b class="warn-text">' +
	    warn[0].toUpperCase() + warn.slice(1) + '</b>' : '');
}

const GEN_STAGES = [
	'filling a grid',
	'removing the givens the singles can do without',
	'removing givens one at a time, each only if the solution stays ' +
	    'unique',
	'checking that no given alone can go (up to 9&times;9 a symmetric ' +
	    'puzzle must be minimal)',
	'grading it',
];

function generate() {
	const [r, c] = $('size').value.split('x').map(Number);
	const kind = $('gen-kind').value;
	const grade = kind ? 0 : Number($('gen-grade').value);
	const sym = Number($('gen-sym').value);
	const seed = S.seed !== null ? S.seed++ :
	    crypto.getRandomValues(new Uint32Array(1))[0];
	const n = r * c;
	const what = 'a ' + n + '&times;' + n + ' ' + (kind ?
	    $('gen-kind').selectedOptions[0].textContent + ' ' : '') +
	    'puzzle' + (sym ? ' with ' + $('gen-sym').selectedOptions[0]
	    .textContent + ' symmetry' : '') + (grade ? ' of grade ' +
	    $('gen-grade').selectedOptions[0].textContent : '');
	// Why a grid is dropped for another.
	const target = (sym && n <= 9 ? 'minimal symmetric ' : '') + 'puzzle' +
	    (grade ? ' of that grade' : '');
	genStatus('<span class="spin"></span> Generating ' + what +
	    '&hellip;');
	engine.run('generate', [r, c, kind, sym, grade, seed], (res, ms) => {
		if (!res.ok) {
			genStatus(res.error, 'bad');
			return;
		}
		stale();
		clearError();
		adopt(res.puzzle);
		syncText();
		saveURL('');
		draw();
		genStatus('');
		status('<b>New ' + (res.puzzle.variant === 'classic' ? '' :
		    res.puzzle.variant + ' ') + 'puzzle:</b> ' +
		    (res.givens ? plural(res.givens, 'given') :
		    'the cages alone') + (res.grade ? ', grade ' +
		    res.grade : '') + ', one solution, ' + (res.minimal ?
		    'minimal' : 'not proven minimal') + ' <span class=' +
		    '"muted">(' + plural(res.attempts, 'grid') + ', ' +
		    seconds(ms) + ', seed ' + seed + ')</span>', 'good');
	}, (p, ms) => {
		const stage = GEN_STAGES[p.stage] || GEN_STAGES[0];
		const steps = (p.stage === 2 || p.stage === 3) && p.total ?
		    ' (' + fmt(p.done) + ' of ' + fmt(p.total) + ' tried)' : '';
		const left = p.stage >= 1 && p.givens ? ', ' +
		    plural(p.givens, 'given') + ' left' : '';
		genStatus('<span class="spin"></span> Generating ' + what +
		    '&hellip; <span class="muted">' + seconds(ms) +
		    '</span><br>grid ' + fmt(p.attempts) + ': <span ' +
		    'id="gen-stage">' + stage + steps + left + '</span>' +
		    (p.attempts > 1 ? '<br><span class="muted">the ' +
		    (p.attempts > 2 ? fmt(p.attempts - 1) + ' grids' :
		    'grid') + ' before gave no ' + target + '</span>' : ''));
	});
	engine.job.ondrop = () => genStatus('');
	engine.job.onstop = (p, ms) => genStatus('<b>Stopped</b> after ' +
	    seconds(ms) + (p ? ', on grid ' + fmt(p.attempts) : '') + '.',
	    'warn');
}

// ---- editing the grid ----------------------------------------------------

function edited() {
	stale();
	clearError();
	syncText();
	saveURL('');
}

$('board').addEventListener('keydown', (ev) => {
	const inp = ev.target;
	if (inp.tagName !== 'INPUT')
		return;
	const k = Number(inp.dataset.k), n = S.n;
	const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n,
	    ArrowDown: n };
	let to = -1;
	if (ev.key in moves) {
		to = k + moves[ev.key];
	} else if (ev.key === 'Backspace' || ev.key === 'Delete' ||
	    ev.key === '.' || ev.key === '0' || ev.key === ' ') {
		S.cells[k] = 0;
		inp.value = '';
		cellEls[k].classList.remove('given');
		edited();
		if (ev.key === 'Backspace')
			to = k - 1;
	} else if (ev.key.length === 1 && !ev.ctrlKey && !ev.metaKey) {
		const s = SYMBOLS.indexOf(ev.key.toUpperCase()) + 1;
		if (s >= 1 && s <= n) {
			S.cells[k] = s;
			inp.value = SYMBOLS[s - 1];
			cellEls[k].classList.add('given');
			edited();
			to = k + 1;
		}
	} else
		return;
	ev.preventDefault();
	if (to >= 0 && to < n * n)
		cellEls[to].querySelector('input').focus();
});
// Phones send no usable key codes: read what was typed.
$('board').addEventListener('input', (ev) => {
	const inp = ev.target;
	const k = Number(inp.dataset.k);
	const ch = inp.value.slice(-1).toUpperCase();
	const s = SYMBOLS.indexOf(ch) + 1;
	S.cells[k] = s >= 1 && s <= S.n ? s : 0;
	inp.value = S.cells[k] ? SYMBOLS[S.cells[k] - 1] : '';
	cellEls[k].classList.toggle('given', S.cells[k] !== 0);
	edited();
});
$('board').addEventListener('focusin', (ev) => {
	if (ev.target.tagName === 'INPUT')
		ev.target.select();
});
$('board').addEventListener('click', (ev) => {
	// Among the true candidates, a click shows the cell's counts.
	const cell = ev.target.closest('.cell');
	if (S.view === 'cands' && cell) {
		pickCell(Number(cell.dataset.k));
		return;
	}
	// Out of the solutions or steps, a click goes back to editing.
	if (S.view !== 'edit' && cell)
		backToEdit();
	// A pencil mark clicked is struck, or restored.
	const mark = ev.target.closest('.pencil span');
	if (S.view === 'edit' && S.pencil && S.marks && mark)
		toggleMark(Number(mark.closest('.cell').dataset.k),
		    Number(mark.dataset.s));
});
// In the pencil-mark mode a symbol typed in a cell strikes or restores
// it there; the arrows move.
$('board').addEventListener('keydown', (ev) => {
	const v = ev.target;
	if (!S.pencil || !S.marks || !v.classList.contains('v'))
		return;
	const k = Number(v.dataset.k), n = S.n;
	const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n,
	    ArrowDown: n };
	const s = SYMBOLS.indexOf(ev.key.toUpperCase()) + 1;
	if (ev.key in moves) {
		const to = k + moves[ev.key];
		if (to >= 0 && to < n * n)
			cellEls[to].querySelector('.v').focus();
	} else if (ev.key.length === 1 && s >= 1 && s <= n && !ev.ctrlKey &&
	    !ev.metaKey)
		toggleMark(k, s);
	else
		return;
	ev.preventDefault();
});
$('pencil').addEventListener('click', () => {
	if (!canMark())
		return;
	const on = !S.pencil;
	if (on && !S.marks) {
		// The givens as marks: each given its one mark, each open
		// cell every symbol (the same solutions).
		const all = 2 ** S.n - 1;
		stale();
		S.marks = S.cells.map((v) => v ? 2 ** (v - 1) : all);
		S.cells = S.cells.map(() => 0);
		syncText();
		saveURL('');
	} else if (S.view !== 'edit')
		backToEdit();
	setPencil(on);
	draw();
});

function backToEdit() {
	S.view = 'edit';
	leaveExplain();
	saveURL('');
	draw();
	status('');
}

let typing = 0;
$('puzzle').addEventListener('input', () => {
	stale();
	saveURL('');
	clearTimeout(typing);
	typing = setTimeout(() => check(), 250);
});

$('size').addEventListener('change', () => {
	const [r, c] = $('size').value.split('x').map(Number);
	stale();
	setShape(r, c);
	clearError();
	syncText();
	saveURL('');
	draw();
});
for (const id of ['v-x', 'v-hyper'])
	$(id).addEventListener('change', () => {
		if (S.variant) {
			// A jigsaw or killer keeps its own units.
			$(id).checked = !$(id).checked;
			return;
		}
		drawnShape = '';
		stale();
		saveURL('');
		check();
	});
// Clear empties the grid and the box, ready for a puzzle to be pasted or
// typed (in either).
$('clear').addEventListener('click', () => {
	clearTimeout(typing);
	stale();
	S.cells.fill(0);
	S.variant = null;
	S.marks = null;
	setPencil(false);
	clearError();
	syncText();
	saveURL('');
	draw();
});
$('solve').addEventListener('click', act(solve));
$('count').addEventListener('click', act(countAll));
$('explain').addEventListener('click', act(explain));
$('generate').addEventListener('click', generate);
$('stop').addEventListener('click', () => engine.stop(false));
$('gen-stop').addEventListener('click', () => engine.stop(false));
$('back').addEventListener('click', backToEdit);
$('gen-kind').addEventListener('change', () => {
	$('gen-grade').disabled = $('gen-kind').value !== '';
	genHint();
});
for (const id of ['gen-sym', 'gen-grade'])
	$(id).addEventListener('change', genHint);

function page(d) {
	if (S.view === 'solution') {
		if (d > 0 && S.sol >= S.sols.length - 1) {
			if (S.more)
				moreSolutions();
			return;
		}
		S.sol = Math.max(0, Math.min(S.sols.length - 1, S.sol + d));
	} else if (S.view === 'explain') {
		S.step = Math.max(0, Math.min(S.ex.steps.length - 1,
		    S.step + d));
		markStep();
	}
	draw();
}
$('prev').addEventListener('click', () => page(-1));
$('next').addEventListener('click', () => page(1));
$('steps').addEventListener('click', (ev) => {
	const li = ev.target.closest('li');
	if (!li)
		return;
	S.step = Number(li.dataset.i);
	markStep();
	draw();
});
document.addEventListener('keydown', (ev) => {
	if (S.view === 'edit' || ev.target.closest('input, textarea, select'))
		return;
	if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
		page(ev.key === 'ArrowLeft' ? -1 : 1);
		ev.preventDefault();
	}
});

// ---- the exact-cover tab --------------------------------------------------

const D = {
	sols: [], skip: 0, more: false, pageSize: 20,
	read: null,		// the text last read without an error
	textError: null,	// or the text last read, with one
};

// As the puzzle box's (boxState()): 'ok', 'bad' or 'new'.
function dlxState() {
	const t = $('dlx-text').value;
	if (D.textError === t)
		return 'bad';
	return t === D.read ? 'ok' : 'new';
}

function dlxActions() {
	const bad = dlxState() === 'bad';
	for (const id of ['dlx-count', 'dlx-list']) {
		$(id).disabled = bad;
		$(id).title = bad ? 'the problem does not read: see the ' +
		    'error under it' : '';
	}
}

// Read the text through the engine (without searching): its error, or
// its size, follows the text as it is edited.  Then (if it reads) do
// then().
let dlxTyping = 0;
function dlxCheck(then) {
	clearTimeout(dlxTyping);
	const text = $('dlx-text').value;
	if (!then && engine.busyElsewhere('dlx'))
		return;
	engine.run('dlx', [text, 2, 0, 0], (res) => {
		// Edited since: the reading of the new text follows.
		if ($('dlx-text').value !== text)
			return;
		if (!res.ok) {
			D.read = null;
			D.textError = text;
			dlxError(res, !!then);
			dlxActions();
			return;
		}
		D.read = text;
		D.textError = null;
		$('dlx-status').innerHTML = dlxOk(res);
		dlxActions();
		if (then)
			then();
	}, null, true);
}

function dlxAct(fn) {
	return () => {
		const st = dlxState();
		if (st === 'ok')
			fn();
		else if (st === 'new')
			dlxCheck(fn);
	};
}

// The text was changed: what was shown of the one before goes, and a job
// for it stops.
function dlxStale() {
	engine.drop('dlx');
	$('dlx-status').innerHTML = '';
	$('dlx-out').innerHTML = '';
	$('dlx-pager').hidden = true;
	dlxActions();
}

// Its error under the text; select (after an action) selects the line
// at fault (not while the text is typed).
function dlxError(res, select) {
	const e = $('dlx-error');
	e.textContent = (res.line ? 'line ' + res.line + (res.col ?
	    ', column ' + res.col : '') + ': ' : '') + res.error;
	e.hidden = false;
	const ta = $('dlx-text');
	ta.classList.add('invalid');
	ta.setAttribute('aria-invalid', 'true');
	// Select the line at fault.
	if (res.line && select) {
		const lines = ta.value.split('\n');
		let a = 0;
		for (let i = 0; i < res.line - 1 && i < lines.length; i++)
			a += lines[i].length + 1;
		const b = a + (lines[res.line - 1] || '').length;
		ta.focus();
		ta.setSelectionRange(a, b);
	}
	$('dlx-status').innerHTML = '';
	$('dlx-out').innerHTML = '';
	$('dlx-pager').hidden = true;
}

function dlxOk(res) {
	$('dlx-error').hidden = true;
	$('dlx-text').classList.remove('invalid');
	$('dlx-text').removeAttribute('aria-invalid');
	let s = plural(res.primary, 'primary item') + ', ' +
	    plural(res.secondary,
	    'secondary item') + ', ' + plural(res.options, 'option');
	if (res.skipped)
		s += '; ' + plural(res.skipped, 'option') + ' without a ' +
		    'primary item skipped (line ' + res.warnings.map((w) =>
		    w.line).join(', ') + ')';
	return '<span class="muted">' + s + '</span>';
}

function dlxURL(action) {
	history.replaceState(null, '', '#dlx=' +
	    encodeURIComponent($('dlx-text').value) + (action ? '&' +
	    action : ''));
}

function dlxCount() {
	dlxURL('count');
	$('dlx-out').innerHTML = '';
	$('dlx-pager').hidden = true;
	$('dlx-status').innerHTML = '<span class="spin"></span> Counting' +
	    '&hellip;';
	engine.run('dlx', [$('dlx-text').value, 1, 0, 0], (res, ms) => {
		if (!res.ok)
			return dlxError(res, true);
		$('dlx-status').innerHTML = '<b class="count" ' +
		    'id="dlx-count-result">' + fmt(res.count) + '</b> ' +
		    'solution' + (res.count === '1' ? '' : 's') +
		    ' <span class="muted">in ' + seconds(ms) + ', ' +
		    plural(res.nodes, 'node') + '</span><br>' + dlxOk(res);
	}, (p, ms) => {
		$('dlx-status').innerHTML = '<span class="spin"></span> ' +
		    'Counting&hellip; <b class="count">' + fmt(p.solutions) +
		    '</b> so far' + share(p.fraction) + ' <span class="muted">' +
		    seconds(ms) + '</span>';
	});
	engine.job.onstop = (p, ms) => {
		$('dlx-status').innerHTML = '<b>Stopped</b> after ' +
		    seconds(ms) + ': at least <b class="count">' +
		    fmt(p ? p.solutions : 0) + '</b> solutions so far.';
	};
}

function dlxList(skip) {
	dlxURL('list');
	$('dlx-status').innerHTML = '<span class="spin"></span> Searching' +
	    '&hellip;';
	engine.run('dlx', [$('dlx-text').value, 0, skip, D.pageSize],
	    (res, ms) => {
		if (!res.ok)
			return dlxError(res, true);
		D.skip = skip;
		D.more = res.more;
		const out = $('dlx-out');
		out.innerHTML = '';
		res.solutions.forEach((sol, i) => {
			const d = document.createElement('div');
			d.className = 'dlx-sol';
			const h = document.createElement('h3');
			h.textContent = 'Solution ' + fmt(skip + i + 1);
			const pre = document.createElement('pre');
			pre.textContent = sol.join('\n');
			d.append(h, pre);
			out.appendChild(d);
		});
		const k = res.solutions.length;
		$('dlx-status').innerHTML = (k === 0 ? '<b>No solution.</b>' :
		    'Solutions ' + fmt(skip + 1) + '&ndash;' + fmt(skip + k) +
		    (res.more ? ' (more follow)' : ' of ' + fmt(skip + k))) +
		    ' <span class="muted">' + seconds(ms) + '</span><br>' +
		    dlxOk(res);
		$('dlx-pager').hidden = skip === 0 && !res.more;
		$('dlx-prev').disabled = skip === 0;
		$('dlx-next').disabled = !res.more;
		$('dlx-pager-label').textContent = 'Page ' +
		    fmt(skip / D.pageSize + 1);
	});
	engine.job.onstop = () => {
		$('dlx-status').innerHTML = '<b>Stopped.</b>';
	};
}

// Examples, written out here rather than shipped as files.
function queens(n) {
	const items = [], sec = [], opts = [];
	for (let i = 0; i < n; i++)
		items.push('r' + i, 'c' + i);
	for (let d = 0; d < 2 * n - 1; d++)
		sec.push('a' + d, 'b' + d);
	for (let r = 0; r < n; r++)
		for (let c = 0; c < n; c++)
			opts.push('r' + r + ' c' + c + ' a' + (r + c) + ' b' +
			    (r - c + n - 1));
	return '| ' + n + ' queens: one per row and column, at most one ' +
	    'per diagonal\n' + items.join(' ') + ' | ' + sec.join(' ') +
	    '\n' + opts.join('\n') + '\n';
}
function langford(n) {
	const items = [];
	for (let i = 1; i <= n; i++)
		items.push('v' + i);
	for (let s = 1; s <= 2 * n; s++)
		items.push('s' + s);
	const opts = [];
	for (let i = 1; i <= n; i++)
		for (let s = 1; s + i + 1 <= 2 * n; s++)
			opts.push('v' + i + ' s' + s + ' s' + (s + i + 1));
	return '| Langford pairs, n = ' + n + ': two copies of each ' +
	    'number i, with i numbers\n| between them (each arrangement ' +
	    'and its mirror image)\n' + items.join(' ') + '\n' +
	    opts.join('\n') + '\n';
}
const EXAMPLES = {
	knuth: '| Knuth\'s first example: A..E primary, F and G secondary\n' +
	    'A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n',
	queens8: queens(8),
	queens12: queens(12),
	langford12: langford(12),
};
$('dlx-example').addEventListener('change', () => {
	const v = $('dlx-example').value;
	if (v) {
		$('dlx-text').value = EXAMPLES[v];
		dlxStale();
		dlxURL('');
		dlxCheck();
	}
});
$('dlx-text').addEventListener('input', () => {
	// An example edited is no longer the example.
	$('dlx-example').value = '';
	dlxStale();
	dlxURL('');
	clearTimeout(dlxTyping);
	dlxTyping = setTimeout(() => dlxCheck(), 250);
});
$('dlx-count').addEventListener('click', dlxAct(dlxCount));
$('dlx-list').addEventListener('click', dlxAct(() => dlxList(0)));
$('dlx-stop').addEventListener('click', () => engine.stop(false));
$('dlx-prev').addEventListener('click', () =>
    dlxList(Math.max(0, D.skip - D.pageSize)));
$('dlx-next').addEventListener('click', () => dlxList(D.skip + D.pageSize));

// ---- tabs, the URL, start ---------------------------------------------------

function tab(name) {
	const sud = name !== 'dlx';
	$('tab-sudoku').setAttribute('aria-selected', String(sud));
	$('tab-dlx').setAttribute('aria-selected', String(!sud));
	$('sudoku-panel').hidden = !sud;
	$('dlx-panel').hidden = sud;
}
$('tab-sudoku').addEventListener('click', () => {
	tab('sudoku');
	saveURL('');
});
$('tab-dlx').addEventListener('click', () => {
	tab('dlx');
	if (!$('dlx-text').value)
		$('dlx-text').value = EXAMPLES.knuth;
	dlxURL('');
	if (dlxState() === 'new')
		dlxCheck();
});

// Open what the fragment says.
function open() {
	const h = location.hash.slice(1);
	const q = {};
	for (const part of h.split('&')) {
		if (!part)
			continue;
		const i = part.indexOf('=');
		if (i < 0)
			q[part] = true;
		else
			q[part.slice(0, i)] = decodeURIComponent(
			    part.slice(i + 1));
	}
	// seed=N: Generate makes its next puzzle from seed N, then N+1 and
	// so on (the seed a puzzle came from is shown with it, so that a
	// link makes it again, with the same choices); else from a random
	// seed each time.
	S.seed = /^[0-9]{1,15}$/.test(q.seed || '') ? Number(q.seed) : null;
	if (q.dlx !== undefined) {
		tab('dlx');
		$('dlx-text').value = q.dlx;
		dlxStale();
		dlxCheck(q.count ? dlxCount : q.list ? () => dlxList(0) : null);
		return;
	}
	tab('sudoku');
	const text = q.t !== undefined ? q.t : q.p;
	if (text === undefined) {
		draw();
		syncText();
		return;
	}
	stale();
	const ex = (q.v || '').split(',');
	$('v-x').checked = ex.includes('x');
	$('v-hyper').checked = ex.includes('hyper');
	$('puzzle').value = text;
	S.variant = null;
	check(() => {
		syncText();
		if (q.count)
			countAll();
		else if (q.solve)
			solve();
		else if (q.explain)
			explain();
		else if (q.cands)
			trueCandidates();
		else if (q.unique)
			uniqueBy();
		else if (q.redundant)
			redundant();
		else if (q.canonical)
			canonical();
		else
			saveURL('');
	});
}

// A first puzzle for a visitor without a link (Project Euler's first).
if (!location.hash)
	history.replaceState(null, '', '#p=' + '..3.2.6..9..3.5..1..18.64....' +
	    '81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..');
engine.start();
genHint();
open();
window.addEventListener('hashchange', open);
