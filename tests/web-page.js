// web-page.js: drives the page in headless chromium for tests/web.sh (see
// there for what is checked), and times a count for bench/web.sh.
//
//   node web-page.js --root DIR --shots DIR --chromium PATH --profile DIR
//       [--ambiguous LINE --count N --explained LINE --steps FILE
//        --grade G --rating TEXT --killer FILE --answer LINE --queens FILE
//        --marked LINE --marks LINE --marks-count N --cands TABLE
//        --redundant LINE --redundant-cells CELLS --minimized LINE
//        --canonical LINE]
//                                       the checks
//       [--bench LINE]                  only: print the page's count time
//
// It serves --root on 127.0.0.1 (a free port) itself, so that nothing
// else need be installed; puppeteer-core is found through NODE_PATH.
'use strict';

const fs = require('fs');
const http = require('http');
const path = require('path');
const puppeteer = require('puppeteer-core');

const opt = {};
for (let i = 2; i < process.argv.length; i += 2)
	opt[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];

let failures = 0;
function ok(cond, what) {
	console.log((cond ? 'ok   ' : 'FAIL ') + what);
	if (!cond)
		failures++;
}

const types = {
	'.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript',
	'.wasm': 'application/wasm',
};
function serve(root) {
	const server = http.createServer((req, res) => {
		const u = decodeURIComponent(new URL(req.url,
		    'http://x').pathname);
		const f = path.join(root, u === '/' ? 'index.html' : u);
		if (!f.startsWith(root) || !fs.existsSync(f)) {
			res.writeHead(404);
			res.end();
			return;
		}
		res.writeHead(200, { 'Content-Type':
		    types[path.extname(f)] || 'application/octet-stream' });
		fs.createReadStream(f).pipe(res);
	});
	return new Promise((resolve) => server.listen(0, '127.0.0.1',
	    () => resolve(server)));
}

// Clock ticks (user and system, 1/100 s) of the Web Worker threads of the
// browser started with profile dir, from /proc.
function workerTicks(dir) {
	let ticks = 0;
	for (const pid of fs.readdirSync('/proc')) {
		if (!/^[0-9]+$/.test(pid))
			continue;
		try {
			if (!fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8')
			    .includes(dir))
				continue;
			for (const t of fs.readdirSync('/proc/' + pid +
			    '/task')) {
				const st = fs.readFileSync('/proc/' + pid +
				    '/task/' + t + '/stat', 'utf8');
				const comm = st.slice(st.indexOf('(') + 1,
				    st.lastIndexOf(')'));
				const f = st.slice(st.lastIndexOf(')') + 2)
				    .split(' ');
				if (comm === 'DedicatedWorker')
					ticks += Number(f[11]) + Number(f[12]);
			}
		} catch (e) {
			// A process or thread that ended meanwhile.
		}
	}
	return ticks;
}

async function main() {
	const root = path.resolve(opt.root);
	const server = await serve(root);
	const base = 'http://127.0.0.1:' + server.address().port + '/';
	const browser = await puppeteer.launch({
		executablePath: opt.chromium,
		headless: true,
		userDataDir: opt.profile,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic',
		    '--no-first-run', '--disable-background-networking',
		    '--disable-component-update', '--disable-sync',
		    '--disable-dev-shm-usage'].concat(opt.flags ?
		    opt.flags.split(' ') : []),
	});
	const errors = [];
	async function open(hash, viewport) {
		const page = await browser.newPage();
		await page.setViewport(viewport || { width: 1200,
		    height: 900 });
		page.on('pageerror', (e) => errors.push(String(e)));
		page.on('console', (m) => {
			if (m.type() === 'error')
				errors.push(m.text());
		});
		await page.goto(base + 'index.html' + (hash || ''));
		await page.waitForSelector('body[data-engine="ready"]',
		    { timeout: 15000 });
		return page;
	}
	const shot = (page, name) => page.screenshot({
	    path: path.join(opt.shots, name + '.png'), fullPage: true });
	const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
	const digits = (s) => s.replace(/[^0-9]/g, '');
	const shown = (page, sel) => page.$eval(sel, (e) => !e.hidden &&
	    e.getClientRects().length > 0);
	const disabled = (page, ids) => page.evaluate((ids) => ids.every(
	    (id) => document.getElementById(id).disabled), ids);
	// Set a text box's text as a paste does (one input event).
	const paste = (page, sel, value) => page.$eval(sel, (t, v) => {
		t.value = v;
		t.dispatchEvent(new Event('input', { bubbles: true }));
	}, value);
	// The grid's givens as a line, . for a blank.
	const givens = (page) => page.$$eval('#board .cell', (cs) => cs.map(
	    (c) => !c.classList.contains('given') ? '.' :
	    c.querySelector('input') ? c.querySelector('input').value :
	    c.querySelector('.v').textContent).join(''));
	const asLine = (p) => p.replace(/0/g, '.');
	const idle = (page) => page.waitForFunction(() =>
	    !document.body.classList.contains('busy'), { timeout: 20000 });

	try {
		if (opt.bench) {
			// The count's wall time in the worker, and the CPU
			// time of the worker's thread around it (Linux's
			// /proc), which a busy machine does not inflate.
			const page = await open('#p=' + opt.bench);
			await page.waitForFunction(() => /^p=/.test(
			    location.hash.slice(1)) &&
			    !document.body.classList.contains('busy'));
			const cpu0 = workerTicks(opt.profile);
			await page.click('#count');
			await page.waitForSelector('#count-result',
			    { timeout: 600000 });
			const cpu = (workerTicks(opt.profile) - cpu0) * 10;
			const ms = await page.$eval('body',
			    (b) => b.dataset.countMs);
			console.log(digits(await text(page, '#count-result')) +
			    ' ' + ms + ' ' + cpu + ' ' + await page.$eval('body',
			    (b) => b.dataset.warmup));
			return;
		}

		// The page loads, with its first puzzle in the grid.  The
		// grid is drawn once the engine has read the puzzle, which
		// is a message after the engine says it is ready: wait for
		// it (a loaded machine answers late), then count its cells.
		let page = await open('');
		await page.waitForFunction(() => document.querySelectorAll(
		    '#board .cell').length > 0, { timeout: 15000 })
		    .catch(() => {});
		ok(await page.$$eval('#board .cell', (c) => c.length) === 81,
		    'the page loads with a 9x9 grid');
		ok(/^#p=[.1-9]{81}$/.test(await page.evaluate(
		    () => location.hash)), 'the puzzle is in the URL');
		await shot(page, '1-load');
		await page.close();

		// An ambiguous puzzle from the URL is counted without a click.
		page = await open('#p=' + opt.ambiguous + '&count');
		await page.waitForSelector('#count-result', { timeout: 20000 });
		ok(digits(await text(page, '#count-result')) === opt.count,
		    'the count of the ambiguous puzzle is ' + opt.count);
		await shot(page, '2-count');
		// Its solutions page through, each distinct and keeping the
		// givens.
		await page.click('#solve');
		await page.waitForSelector('#pager:not([hidden])');
		const grid = () => page.$$eval('#board .cell',
		    (cs) => cs.map((c) => c.querySelector('.v').textContent)
		    .join(''));
		const first = await grid();
		await page.click('#next');
		const second = await grid();
		ok(/^[1-9]{81}$/.test(first) && first !== second &&
		    [...opt.ambiguous].every((ch, k) => ch === '.' ||
		    (first[k] === ch && second[k] === ch)),
		    'its solutions page through and keep the givens');
		ok((await text(page, '#pager-label')) === 'Solution 2',
		    'the pager says which solution');
		await shot(page, '3-solutions');
		await page.close();

		// The explanation: the same steps as dlx-sudoku --explain.
		page = await open('#p=' + opt.explained + '&explain');
		await page.waitForSelector('#grade', { timeout: 20000 });
		const want = fs.readFileSync(opt.steps, 'utf8').trim()
		    .split('\n');
		const got = await page.$$eval('#steps li:not(.end)',
		    (li) => li.map((e) => e.textContent));
		ok(got.length === want.length && got.every((s, i) =>
		    s === want[i]), 'the explanation has the ' + want.length +
		    ' steps of dlx-sudoku --explain');
		ok((await text(page, '#grade')) === opt.grade,
		    'the grade is ' + opt.grade);
		ok((await text(page, '#rating')) === opt.rating,
		    'the rating is ' + opt.rating + ', as dlx-sudoku --rate');
		// A step with eliminations shows them on the grid.
		const k = want.findIndex((s) => /removes/.test(s));
		await page.click('#steps li:nth-child(' + (k + 1) + ')');
		ok(await page.$$eval('#board .cands .elim',
		    (e) => e.length) > 0 && await page.$$eval(
		    '#board .cell.pattern', (e) => e.length) > 0,
		    'step ' + (k + 1) + ' highlights its cells and the ' +
		    'candidates it removes');
		await shot(page, '4-explain');
		await page.close();

		// Stop stops a long count (the empty grid), and the page goes
		// on working.
		page = await open('#p=' + '.'.repeat(81) + '&count');
		await page.waitForFunction(() => /so far/.test(
		    document.getElementById('status').textContent),
		    { timeout: 20000 });
		await page.waitForSelector('#stop:not([hidden])');
		// A look at the exact-cover tab (whose text the engine reads
		// as it is edited) leaves the count running.
		const before = await text(page, '#status');
		await page.click('#tab-dlx');
		await page.waitForFunction(() => document.getElementById(
		    'dlx-text').value !== '');
		await page.click('#tab-sudoku');
		await page.waitForFunction((b) => {
			const t = document.getElementById('status').textContent;
			return t !== b && /Counting/.test(t);
		}, { timeout: 5000 }, before).catch(() => {});
		ok(/Counting/.test(await text(page, '#status')) &&
		    (await text(page, '#status')) !== before,
		    'the count goes on after a look at the exact-cover tab');
		await new Promise((r) => setTimeout(r, 500));
		await shot(page, '5-counting');
		const t0 = Date.now();
		await page.click('#stop');
		await page.waitForFunction(() => /Stopped/.test(
		    document.getElementById('status').textContent),
		    { timeout: 2000 });
		ok(Date.now() - t0 < 2000 && await page.$eval('#stop',
		    (b) => b.hidden), 'Stop stops a long count at once');
		await shot(page, '6-stopped');
		await page.click('#gen-card summary');
		await page.click('#generate');
		await page.waitForFunction(() => /New puzzle/.test(
		    document.getElementById('status').textContent),
		    { timeout: 30000 });
		const made = await page.$eval('#puzzle', (t) => t.value);
		ok(/^[.1-9]{81}$/.test(made), 'after Stop, a new puzzle is ' +
		    'generated');
		await page.click('#solve');
		await page.waitForFunction(() => /unique/.test(
		    document.getElementById('status').textContent),
		    { timeout: 20000 });
		ok(true, 'the generated puzzle has one solution');
		await shot(page, '7-generated');
		await page.close();

		// A killer from its text form in the URL: its cages drawn,
		// its one solution the example's answer.
		const killer = fs.readFileSync(opt.killer, 'utf8');
		page = await open('#t=' + encodeURIComponent(killer) +
		    '&solve');
		await page.waitForSelector('#pager:not([hidden])');
		const cages = (killer.match(/\b[a-zA-Z]=\d+/g) || []).length;
		ok(cages > 0 && await page.$$eval('#board .sum',
		    (s) => s.length) === cages, 'the killer\'s ' + cages +
		    ' cages are drawn with their sums');
		ok((await grid()) === opt.answer && /unique/.test(
		    await text(page, '#status')), 'its one solution is the ' +
		    'example\'s answer');
		await shot(page, '8-killer');
		await page.close();

		// The generator makes 180-degree symmetry at every size by
		// default (bounded checks make a symmetric 16x16 in well under
		// a second), says what can take long and what may not be
		// minimal; a link's seed makes its puzzles, the seed is shown;
		// its progress names the grid and the stage, and its Stop
		// stops it.  The search grade at 16x16 is for the Stop: seeds
		// 1-3 gave none in a minute (tens of grids, each graded), so
		// it runs for as long as the test.
		page = await open('#seed=1');
		await page.click('#gen-card summary');
		const sym = () => page.$eval('#gen-sym', (s) => s.value);
		const hint = () => text(page, '#gen-hint');
		ok(await sym() === '1' && /one solution and is minimal/.test(
		    await hint()), 'a 9x9 is generated with 180-degree ' +
		    'symmetry by default, minimal: ' + await hint());
		await page.select('#size', '4x4');
		ok(await sym() === '1' && !/can take/.test(await hint()) &&
		    /may not be minimal .*with symmetry above 9/.test(
		    await hint()), 'a 16x16 with symmetry too, no warning, ' +
		    'maybe not minimal: ' + await hint());
		await page.click('#generate');
		await page.waitForFunction(() => /New puzzle/.test(
		    document.getElementById('status').textContent),
		    { timeout: 60000 });
		const made16 = await page.$eval('#puzzle', (t) => t.value);
		ok(/^[.1-9A-G]{256}$/.test(made16) && /seed 1\)/.test(
		    await text(page, '#status')), 'a 16x16 is generated, ' +
		    'from the seed of the link: ' + await text(page, '#status'));
		await page.select('#gen-kind', 'x');
		await page.select('#gen-sym', '0');
		ok(/X without symmetry at 16\u00d716 can take up to a minute/
		    .test(await hint()), 'X at 16x16 without symmetry is ' +
		    'said to be slow');
		await page.select('#gen-sym', '1');
		ok(!/can take/.test(await hint()), 'X at 16x16 with ' +
		    'symmetry is not');
		await page.select('#gen-kind', '');
		await page.select('#gen-grade', '5');
		ok(/grade search can take minutes/.test(
		    await hint()), 'the grade search is said to take minutes');
		await page.click('#generate');
		await page.waitForFunction(() =>
		    /grid \d+: (fill|remov|check|grad)/.test(
		    document.getElementById('gen-status').textContent),
		    { timeout: 20000 });
		await page.waitForSelector('#gen-stop:not([hidden])');
		ok(/Generating a 16\u00d716 puzzle with 180\u00b0 symmetry of/
		    .test(await text(page, '#gen-status')) && / grade search/
		    .test(await text(page, '#gen-status')), 'its progress ' +
		    'says what it makes, and the grid and stage: ' +
		    await text(page, '#gen-stage'));
		await shot(page, '16-generating');
		const g0 = Date.now();
		await page.click('#gen-stop');
		await page.waitForFunction(() => /Stopped/.test(
		    document.getElementById('gen-status').textContent),
		    { timeout: 2000 });
		ok(Date.now() - g0 < 2000 && await page.$eval('#gen-stop',
		    (b) => b.hidden) && (await page.$eval('#puzzle',
		    (t) => t.value)) === made16, 'its Stop stops it at once, ' +
		    'the puzzle before kept');
		await shot(page, '17-gen-stopped');
		await page.close();

		// Another size from a line: the empty 4x4 has 288 grids; and
		// the explanation, for classic sudoku only, says so for X.
		page = await open('#p=' + '.'.repeat(16) + '&count');
		await page.waitForSelector('#count-result');
		ok(digits(await text(page, '#count-result')) === '288' &&
		    await page.$eval('#size', (s) => s.value) === '2x2' &&
		    await page.$$eval('#board .cell', (c) => c.length) === 16,
		    'a 16-character line is a 4x4 grid: 288 solutions');
		await page.click('#v-x');
		await page.waitForFunction(() => /v=x/.test(location.hash));
		await page.click('#explain');
		await page.waitForSelector('#puzzle-error:not([hidden])');
		ok(/classic sudoku/.test(await text(page, '#puzzle-error')),
		    'Explain on an X sudoku says it is for classic sudoku');
		await page.close();

		// A malformed puzzle: its error next to the input.
		page = await open('#p=' + opt.ambiguous.slice(0, 40) + 'z' +
		    opt.ambiguous.slice(41));
		await page.waitForSelector('#puzzle-error:not([hidden])');
		const bad = await text(page, '#puzzle-error');
		ok(/^line 1, column 41: .*'Z'/.test(bad),
		    'a malformed puzzle shows where and why: ' + bad);
		// Two givens that clash: the message and both cells.
		await page.evaluate(() => {
			const t = document.getElementById('puzzle');
			t.value = '55' + '.'.repeat(79);
			t.dispatchEvent(new Event('input'));
		});
		await page.waitForFunction(() => /two 5s/.test(
		    document.getElementById('puzzle-error').textContent));
		ok(await page.$$eval('#board .cell.bad', (c) => c.map((e) =>
		    e.dataset.k + e.querySelector('input').value).join()) ===
		    '05,15', 'a clash names and marks its two cells');
		await shot(page, '9-error');
		await page.close();

		// The page answers only for the text in the puzzle box.  A
		// count shown goes as soon as the text is edited; a text that
		// does not read (80 dots) turns the actions off, keeps its
		// error, and the grid of the puzzle before is dimmed: no
		// answer for a puzzle the box no longer holds.
		page = await open('#p=' + opt.ambiguous + '&count');
		await page.waitForSelector('#count-result', { timeout: 20000 });
		const gone = await page.evaluate(() => {
			const t = document.getElementById('puzzle');
			t.value = '.'.repeat(80);
			t.dispatchEvent(new Event('input'));
			return !document.getElementById('count-result') &&
			    document.getElementById('status').textContent === '';
		});
		ok(gone, 'an edit of the puzzle box clears the count shown');
		await page.waitForSelector('#puzzle-error:not([hidden])');
		ok(/80 cells/.test(await text(page, '#puzzle-error')) &&
		    await disabled(page, ['solve', 'count', 'explain']) &&
		    await page.$eval('#board', (b) =>
		    b.classList.contains('stale')), '80 dots: its error ' +
		    'shows, Solve, Count and Explain are off, the old grid ' +
		    'dimmed');
		await page.evaluate(() => ['solve', 'count', 'explain']
		    .forEach((id) => document.getElementById(id).click()));
		await idle(page);
		ok(!(await page.$('#count-result')) &&
		    !(await shown(page, '#pager')) &&
		    !(await shown(page, '#explain-card')) &&
		    await shown(page, '#puzzle-error') &&
		    (await text(page, '#status')) === '',
		    'clicked, they answer nothing and the error stays');
		await shot(page, '13-box-error');
		// Clicked before the text was read (at once after the edit),
		// Count reads it first and answers with its error.
		await page.$eval('#puzzle', (t, v) => {
			t.value = v;
			t.dispatchEvent(new Event('input'));
			document.getElementById('count').click();
		}, opt.ambiguous + '1');
		await page.waitForFunction(() => /82 cells/.test(
		    document.getElementById('puzzle-error').textContent));
		await idle(page);
		ok(!(await page.$('#count-result')),
		    'Count at once after an edit answers with the error of ' +
		    'the new text, not for the old puzzle');
		// Clear empties the box, and a puzzle typed into it is the one
		// answered (Count at once after the last key).
		await page.click('#clear');
		ok((await page.$eval('#puzzle', (t) => t.value)) === '' &&
		    (await givens(page)) === '.'.repeat(81) &&
		    !(await shown(page, '#puzzle-error')) &&
		    !(await disabled(page, ['solve', 'count', 'explain'])),
		    'Clear empties the grid and the box, the error goes');
		await page.type('#puzzle', opt.ambiguous);
		await page.click('#count');
		await page.waitForSelector('#count-result', { timeout: 20000 });
		ok(digits(await text(page, '#count-result')) === opt.count &&
		    (await givens(page)) === asLine(opt.ambiguous),
		    'after Clear, a puzzle typed in the box is counted: ' +
		    opt.count);
		await shot(page, '14-cleared-typed');
		// Its solutions on the grid go when the text changes; the new
		// puzzle, pasted, is the one explained.
		await page.click('#solve');
		await page.waitForSelector('#pager:not([hidden])');
		await paste(page, '#puzzle', opt.explained);
		ok(!(await shown(page, '#pager')) &&
		    (await text(page, '#status')) === '',
		    'a paste clears the solutions shown of the puzzle before');
		await page.click('#explain');
		await page.waitForSelector('#grade', { timeout: 20000 });
		ok((await text(page, '#grade')) === opt.grade &&
		    (await givens(page)) === asLine(opt.explained),
		    'Explain at once after a paste explains the pasted puzzle');
		await page.close();

		// Pencil marks.  The 26-given puzzle with 385,677 solutions:
		// the Pencil marks button makes it its complete marks (a
		// given its one mark, an open cell every digit), a click on
		// the 1 of r1c1 strikes it, the box holds the marks line
		// tests/web.sh made, and Count honours it as dlx-sudoku
		// --count does: 385,677 less the 200,479 with 1 there.
		const marks26 = opt.marks;
		page = await open('#p=' + opt.marked);
		await page.waitForFunction(() => /^p=[.1-9]{81}$/.test(
		    location.hash.slice(1)));
		await page.click('#pencil');
		ok((await page.$eval('#puzzle', (t) => t.value)) ===
		    marks26.replace(/^\./, '1') && await page.$$eval(
		    '#board .pencil', (c) => c.length) === 81,
		    'Pencil marks makes the puzzle its complete marks');
		await page.click('#board .cell[data-k="0"] .pencil ' +
		    'span[data-s="1"]');
		ok((await page.$eval('#puzzle', (t) => t.value)) === marks26 &&
		    await page.$eval('#board .cell[data-k="0"] ' +
		    'span[data-s="1"]', (e) => e.className) === 'off',
		    'a click strikes 1 from r1c1 in the grid and the box');
		await page.click('#count');
		await page.waitForSelector('#count-result', { timeout: 30000 });
		ok(digits(await text(page, '#count-result')) === '185198' &&
		    opt['marks-count'] === '185198', 'Count honours the ' +
		    'marks: 185,198, as dlx-sudoku --count on the line');
		await shot(page, '18-marks');
		await page.close();

		// The setter's questions.  True candidates of the ambiguous
		// puzzle (from the URL): each open cell's symbols with their
		// counts, as every solution dlx-sudoku -a lists tallies them.
		page = await open('#p=' + opt.ambiguous + '&cands');
		await page.waitForSelector('#q-cands-result', { timeout: 20000 });
		const table = await page.$$eval('#board .cell', (cs) => cs.map(
		    (c) => [...c.querySelectorAll('span[data-count]')].map(
		    (e) => e.dataset.s + '=' + e.dataset.count).join(','))
		    .map((t, k) => t ? k + ':' + t : '').filter(Boolean)
		    .join(' '));
		ok(table === opt.cands, 'True candidates: each open cell\'s ' +
		    'candidates and counts are those of the ' + opt.count +
		    ' solutions dlx-sudoku -a lists (' +
		    await text(page, '#q-cands-result') + ')');
		await page.click('#board .cell[data-k="1"]');
		ok(/^r1c2: the solutions with each symbol there, of 872/.test(
		    await text(page, '#q-cell-caption')) && (await text(page,
		    '#q-cell-table')) === opt.cands.split(' ')[0].split(':')[1]
		    .split(',').map((e) => e.replace('=', '')).join(''),
		    'a cell clicked shows its counts in a table');
		await shot(page, '19-true-candidates');
		// What makes it unique: the placements with the fewest
		// solutions (one, if any) in that table, in reading order.
		const entries = opt.cands.split(' ').flatMap((c) => {
			const [k, list] = c.split(':');
			return list.split(',').map((e) => {
				const [v, n] = e.split('=').map(Number);
				return { k: Number(k), v, n };
			});
		}).filter((e) => e.n < Number(opt.count));
		const least = Math.min(...entries.map((e) => e.n));
		const best = entries.filter((e) => e.n === least)
		    .map((e) => e.k + '=' + e.v).join(' ');
		await page.click('#q-unique');
		await page.waitForSelector('#q-places', { timeout: 20000 });
		const places = () => page.$$eval('#q-places button', (bs) =>
		    bs.map((b) => b.dataset.cell + '=' + b.dataset.symbol)
		    .join(' '));
		ok(await places() === best && best !== '', 'What makes it ' +
		    'unique: ' + best.split(' ').length + ' placement(s) ' +
		    'leaving the fewest solutions, ' + least + ', as the ' +
		    'table says');
		await page.click('#q-places button');
		ok((await page.$eval('#puzzle', (t) => t.value))[Number(
		    best.split('=')[0])] === best.split(' ')[0].split('=')[1],
		    'clicked, the first is placed in the puzzle');
		await page.close();

		// Redundant givens: those dlx-sudoku --redundant names, marked
		// in the grid; Minimize gives dlx-sudoku --minimize's puzzle;
		// the canonical form is dlx-sudoku --canonical's.
		page = await open('#p=' + opt.redundant + '&redundant');
		await page.waitForSelector('#q-redundant-result',
		    { timeout: 20000 });
		const names = await page.$$eval('#board .cell.redundant',
		    (cs) => cs.map((c) => 'r' + (Math.floor(c.dataset.k / 9) +
		    1) + 'c' + (c.dataset.k % 9 + 1)).join(' '));
		ok(names === opt['redundant-cells'], 'Redundant givens: ' +
		    names + ', as dlx-sudoku --redundant');
		await shot(page, '20-redundant');
		await page.click('#q-minimize');
		await page.waitForSelector('#q-minimize-result',
		    { timeout: 20000 });
		ok(asLine(await page.$eval('#puzzle', (t) => t.value)) ===
		    opt.minimized, 'Minimize puts dlx-sudoku --minimize\'s ' +
		    'puzzle in the box: ' + await text(page,
		    '#q-minimize-result'));
		await paste(page, '#puzzle', opt.explained);
		await page.click('#q-canon');
		await page.waitForSelector('#q-canon-line', { timeout: 20000 });
		ok((await text(page, '#q-canon-line')) === opt.canonical,
		    'Canonical form: as dlx-sudoku --canonical');
		// A long question (the true candidates of the empty grid)
		// shows its progress, and its Stop stops it.
		await paste(page, '#puzzle', '.'.repeat(81));
		await page.click('#q-cands');
		await page.waitForSelector('#q-stop:not([hidden])',
		    { timeout: 5000 });
		await page.click('#q-stop');
		await page.waitForFunction(() => /Stopped/.test(
		    document.getElementById('q-status').textContent),
		    { timeout: 2000 });
		ok(await page.$eval('#q-stop', (b) => b.hidden),
		    'a long question stops at its Stop');
		await page.close();

		// The exact-cover tab: a count from the URL, and an error.
		const queens = fs.readFileSync(opt.queens, 'utf8');
		page = await open('#dlx=' + encodeURIComponent(queens) +
		    '&count');
		await page.waitForSelector('#dlx-count-result');
		ok(digits(await text(page, '#dlx-count-result')) === '92',
		    'the exact-cover tab counts 8 queens: 92');
		await page.click('#dlx-list');
		await page.waitForFunction(() => document.querySelectorAll(
		    '.dlx-sol').length > 0);
		ok(await page.$$eval('.dlx-sol', (s) => s.length) === 20,
		    'it lists solutions a page at a time');
		await shot(page, '10-dlx');
		await page.evaluate(() => {
			const t = document.getElementById('dlx-text');
			t.value = 'A B\nA C\n';
		});
		await page.click('#dlx-count');
		await page.waitForSelector('#dlx-error:not([hidden])');
		ok((await text(page, '#dlx-error')) ===
		    "line 2, column 3: unknown item 'C'",
		    'an unknown item is reported at its line and column');
		await shot(page, '11-dlx-error');
		// The error follows the text as it is edited: gone once it is
		// fixed (its size shown instead), back when it breaks again,
		// and Count and List are off meanwhile.
		await paste(page, '#dlx-text', 'A B C\nA C\nB\n');
		await page.waitForSelector('#dlx-error', { hidden: true });
		ok(/3 primary items.*2 options/.test(await text(page,
		    '#dlx-status')) && !(await disabled(page, ['dlx-count',
		    'dlx-list'])), 'fixed, the error goes and the size shows');
		await page.click('#dlx-count');
		await page.waitForSelector('#dlx-count-result');
		ok(digits(await text(page, '#dlx-count-result')) === '1',
		    'and it counts: 1 solution');
		await page.click('#dlx-list');
		await page.waitForFunction(() => document.querySelectorAll(
		    '.dlx-sol').length === 1);
		await paste(page, '#dlx-text', 'A B C\nA D\nB\n');
		ok((await page.$$eval('.dlx-sol', (s) => s.length)) === 0 &&
		    (await text(page, '#dlx-status')) === '',
		    'an edit clears the solutions listed');
		await page.waitForSelector('#dlx-error:not([hidden])');
		ok((await text(page, '#dlx-error')) ===
		    "line 2, column 3: unknown item 'D'" &&
		    await disabled(page, ['dlx-count', 'dlx-list']),
		    'broken again, its error is back, Count and List off');
		await shot(page, '15-dlx-edited');
		await page.close();

		// A phone: the page fits 390 pixels, the grid is usable.
		page = await open('#p=' + opt.ambiguous + '&solve',
		    { width: 390, height: 844, deviceScaleFactor: 2,
		    isMobile: true, hasTouch: true });
		await page.waitForSelector('#pager:not([hidden])');
		const fits = await page.evaluate(() =>
		    document.documentElement.scrollWidth <= 390);
		const side = await page.$eval('#board',
		    (b) => b.getBoundingClientRect().width);
		ok(fits && side >= 340, 'on a phone (390x844) the page fits ' +
		    'and the grid is ' + Math.round(side) + ' px wide');
		await page.screenshot({ path: path.join(opt.shots,
		    '12-phone.png') });
		await page.close();

		ok(errors.length === 0, 'no script errors' +
		    (errors.length ? ': ' + errors.join('; ') : ''));
	} finally {
		await browser.close();
		server.close();
	}
}

main().then(() => process.exit(failures ? 1 : 0), (e) => {
	console.log('FAIL ' + (e && e.stack || e));
	process.exit(1);
});
