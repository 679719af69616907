// @ts-check
// The report page's script (plain browser JavaScript, type-checked by ./tsconfig.json with the DOM
// library): the call list paginated from the embedded data, its details and transcripts (each record
// at its time on the call's own timeline), a timeline of the page shown, keyboard control and the
// theme toggle. Everything from the data goes into the DOM as text, never as markup. ../page-script.ts
// serves this file's text; the build (scripts/build.ts) inlines it into the bundle.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var runs = data.runs,
    incidents = data.incidents;
  var PAGE = 50;
  var state = {
    filtered: runs.map(function (_, i) {
      return i;
    }),
    page: 0,
    selected: 0,
    open: {},
  };
  var $ = function (id) {
    return document.getElementById(id);
  };
  var tbody = $('runs-body'),
    info = $('page-info'),
    timeline = $('page-timeline');
  var SVGNS = 'http://www.w3.org/2000/svg';

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var key in attrs || {}) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'className') node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    }
    (children || []).forEach(function (child) {
      if (child) node.appendChild(child);
    });
    return node;
  }
  function outcome(status) {
    if (status === 'complete' || status === 'partial' || status === 'running') return 'ok';
    if (status === 'unknown' || status === 'interrupted') return 'unknown';
    return 'failed';
  }
  function when(iso) {
    return iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '-';
  }
  function seconds(n) {
    return n === null || n === undefined ? '-' : n < 60 ? n.toFixed(1) + ' s' : (n / 60).toFixed(1) + ' min';
  }
  function money(n) {
    return n === null || n === undefined ? '-' : '$' + n.toFixed(4);
  }
  function count(n) {
    return n ? n.toLocaleString('en-US') : '-';
  }

  function statusCell(run) {
    var cell = el('td', {}, [el('span', { className: 'status ' + outcome(run.status), text: run.status })]);
    if (run.recovered)
      cell.appendChild(
        el('span', {
          className: 'badge',
          title: 'Its process died before it settled; a later server settled it as unknown and never replayed it.',
          text: 'recovered',
        }),
      );
    return cell;
  }
  function effortCell(run) {
    var cell = el('td', { text: run.effort || '-' });
    if (run.effort_substituted) {
      var s = run.effort_substituted;
      cell.appendChild(
        el('div', { className: 'sub', title: s.reason, text: 'asked ' + s.requested + ' → ' + s.applied }),
      );
    }
    return cell;
  }
  function list(title, items) {
    if (!items || items.length === 0) return null;
    return el('div', {}, [
      el('h3', { text: title }),
      el(
        'ul',
        {},
        items.map(function (item) {
          return el('li', { text: item });
        }),
      ),
    ]);
  }
  // The call's own line: its run id, direction, runner and times.
  function detailHead(run) {
    return el('div', {
      className: 'muted',
      text:
        'run ' +
        (run.run_id || '(none)') +
        ' · ' +
        (run.direction || '-') +
        ' · runner ' +
        (run.runner || '-') +
        ' · started ' +
        when(run.started_at) +
        ' · settled ' +
        when(run.settled_at),
    });
  }
  // How long the call waited for its turn, when it did.
  function queuedNote(run) {
    if (run.queued_seconds === null || run.queued_seconds === undefined) return null;
    var after =
      run.started_at === run.settled_at
        ? ', then cancelled before a peer started.'
        : ' before its peer started (not counted in the time taken).';
    return el('div', {
      className: 'muted',
      'data-testid': 'queued',
      text: 'Queued ' + seconds(run.queued_seconds) + ' for its writer turn and a peer slot' + after,
    });
  }
  // The task, the answer's verdict and lists, the cause and the reason, each when the call has it.
  function answerParts(run, ex) {
    var parts = [];
    if (ex && ex.task) parts.push(el('div', {}, [el('h3', { text: 'Task' }), el('div', { text: ex.task })]));
    if (ex && ex.answer) {
      parts.push(el('div', {}, [el('h3', { text: 'Verdict' }), el('div', { text: ex.answer.verdict || '-' })]));
      [
        ['Findings', ex.answer.findings],
        ['Files touched', ex.answer.files_touched],
        ['Remaining', ex.answer.remaining],
        ['Blockers', ex.answer.blockers],
      ].forEach(function (pair) {
        var part = list(pair[0], pair[1]);
        if (part) parts.push(part);
      });
    }
    if (ex && ex.fault) parts.push(el('div', {}, [el('h3', { text: 'Cause' }), el('div', { text: ex.fault })]));
    if (run.reason) parts.push(el('div', {}, [el('h3', { text: 'Reason' }), el('div', { text: run.reason })]));
    return parts;
  }
  function prunedNoteOf(run) {
    var pruned = run.pruned;
    return pruned ? 'removed by retention on ' + when(pruned.at) + ' (' + pruned.reason + ')' : '';
  }
  // The call's incident, open, or what became of its file.
  function incidentPart(run) {
    if (!run.incident) return null;
    var text = incidents[run.incident];
    var incidentPruned = run.pruned && run.pruned.paths.indexOf(run.incident) >= 0;
    return el('details', { className: 'incident', 'data-incident': run.incident, open: '' }, [
      el('summary', { text: 'Incident ' + run.incident }),
      el('pre', {
        text:
          text ||
          (incidentPruned
            ? 'The incident file was ' + prunedNoteOf(run) + '.'
            : 'The incident file is not readable any more.'),
      }),
    ]);
  }
  // The transcript's records on the call's timeline and as text, or why the page has none.
  function transcriptParts(run, ex) {
    var pruned = run.pruned;
    var transcriptPruned =
      pruned &&
      pruned.paths.some(function (p) {
        return p.indexOf('/transcripts/') >= 0;
      });
    if (ex && ex.lines && ex.lines.length) {
      var timed = callTimeline(run, ex);
      return [
        timed ||
          el('p', {
            className: 'muted',
            'data-testid': 'no-times',
            text: 'The records of this transcript carry no times: it was written before they did.',
          }),
        el('details', { className: 'transcript' }, [
          el('summary', {
            text:
              'Transcript (' +
              ex.lines.length +
              ' records' +
              (ex.cut ? ', head and tail' : '') +
              (ex.interrupted ? ', interrupted run' : '') +
              ')',
          }),
          el('pre', {
            text: ex.lines
              .map(function (line, i) {
                return timed ? pad(atTime(times(ex)[i]), 12) + line : line;
              })
              .join('\n'),
          }),
        ]),
      ];
    }
    if (transcriptPruned)
      return [el('p', { className: 'muted pruned', text: 'Transcript ' + prunedNoteOf(run) + '.' })];
    if (ex === null) return [el('p', { className: 'muted', text: 'No transcript was kept for this call.' })];
    if (run.run_id && run.status !== 'rejected') {
      return [
        el('p', {
          className: 'muted',
          text: 'Transcript: .peer-bridge/transcripts/' + run.run_id + '.jsonl (embedded for the newest calls only)',
        }),
      ];
    }
    return [];
  }
  function detailRow(run, index) {
    var ex = run.excerpt;
    var recovered = run.recovered
      ? el('p', {
          text:
            'Recovered: the process that ran this call died before it settled. ' +
            'A later server start settled it as unknown; it was never replayed.',
        })
      : null;
    var box = el(
      'div',
      {},
      [detailHead(run), queuedNote(run), recovered].concat(
        answerParts(run, ex),
        [incidentPart(run)],
        transcriptParts(run, ex),
      ),
    );
    return el('tr', { className: 'detail', id: 'detail-' + index }, [el('td', { colspan: '10' }, [box])]);
  }

  function render() {
    var total = state.filtered.length;
    var pages = Math.max(1, Math.ceil(total / PAGE));
    state.page = Math.min(Math.max(0, state.page), pages - 1);
    var start = state.page * PAGE,
      slice = state.filtered.slice(start, start + PAGE);
    state.selected = Math.min(Math.max(0, state.selected), Math.max(0, slice.length - 1));
    tbody.textContent = '';
    slice.forEach(function (index, row) {
      var run = runs[index];
      var tr = el(
        'tr',
        {
          className: 'run' + (row === state.selected ? ' selected' : ''),
          id: 'run-' + index,
          tabindex: '0',
          'data-index': String(index),
          'aria-expanded': state.open[index] ? 'true' : 'false',
        },
        [
          el('td', { text: when(run.started_at) }),
          el('td', { className: 'num', text: seconds(run.duration_seconds) }),
          statusCell(run),
          el('td', { text: run.verb }),
          el('td', { text: run.direction || '-' }),
          el('td', { text: run.runner || '-' }),
          el('td', { text: run.model || '-' }),
          effortCell(run),
          el('td', { className: 'num', text: money(run.cost) }),
          el('td', { className: 'num', text: count(run.tokens_total) }),
        ],
      );
      tbody.appendChild(tr);
      if (state.open[index]) tbody.appendChild(detailRow(run, index));
    });
    if (slice.length === 0)
      tbody.appendChild(
        el('tr', {}, [
          el('td', {
            colspan: '10',
            className: 'muted',
            text: runs.length === 0 ? 'No calls recorded in this workspace yet.' : 'No call matches the filter.',
          }),
        ]),
      );
    info.textContent =
      total === 0
        ? '0 calls'
        : 'Calls ' +
          (start + 1) +
          '–' +
          (start + slice.length) +
          ' of ' +
          total +
          ' listed, newest first (page ' +
          (state.page + 1) +
          ' of ' +
          pages +
          ')';
    /** @type {HTMLButtonElement} */ ($('prev-page')).disabled = state.page === 0;
    /** @type {HTMLButtonElement} */ ($('next-page')).disabled = state.page >= pages - 1;
    drawTimeline(slice);
  }

  // A transcript's records on the call's own timeline: one tick per record at its t_ms (ms since
  // the call started), in lanes by who wrote it; null when no record has a time (older files).
  function times(ex) {
    return ex.times || [];
  }
  function atTime(t) {
    return t === null || t === undefined ? '' : '+' + (t / 1000).toFixed(3) + ' s';
  }
  function pad(text, width) {
    while (text.length < width) text = ' ' + text;
    return text + '  ';
  }
  function recordType(line) {
    var m = /^\{"type":"((?:[^"\\]|\\.)*)"/.exec(line);
    if (!m) return 'record';
    try {
      return JSON.parse('"' + m[1] + '"');
    } catch (e) {
      return 'record';
    }
  }
  var LANES = [
    ['bridge', 'bridge'],
    ['peer', 'peer'],
    ['failed', 'faults'],
  ];
  function laneOf(type) {
    if (/fault|error|fail|cancel|interrupted|unreachable/.test(type)) return 2;
    if (/^(bridge|transcript)\./.test(type) || type === 'answer' || type === 'answer.details') return 0;
    return 1;
  }
  function callTimeline(run, ex) {
    var ts = times(ex),
      marks = [];
    ts.forEach(function (t, i) {
      if (t !== null && t !== undefined) marks.push({ t: t, type: recordType(ex.lines[i]) });
    });
    if (marks.length === 0) return null;
    var last = marks[marks.length - 1].t,
      span = Math.max(1, last);
    var W = 650,
      left = 50,
      laneH = 14,
      H = LANES.length * laneH + 18;
    var svg = document.createElementNS(SVGNS, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + (W + 10) + ' ' + H);
    svg.setAttribute('class', 'chart call-timeline');
    svg.setAttribute('data-testid', 'call-timeline');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'The records of this call at their times since it started');
    LANES.forEach(function (lane, row) {
      var label = document.createElementNS(SVGNS, 'text');
      label.setAttribute('x', '0');
      label.setAttribute('y', String(row * laneH + 10));
      label.setAttribute('class', 'axis');
      label.textContent = lane[1];
      svg.appendChild(label);
    });
    marks.forEach(function (mark) {
      var lane = laneOf(mark.type),
        x = left + ((W - left) * mark.t) / span;
      var tick = document.createElementNS(SVGNS, 'rect');
      tick.setAttribute('x', x.toFixed(1));
      tick.setAttribute('y', String(lane * laneH + 1));
      tick.setAttribute('width', '2');
      tick.setAttribute('height', String(laneH - 3));
      tick.setAttribute('class', 'tick lane-' + LANES[lane][0]);
      tick.setAttribute('data-t', String(mark.t));
      tick.setAttribute('data-type', mark.type);
      var title = document.createElementNS(SVGNS, 'title');
      title.textContent = atTime(mark.t) + '  ' + mark.type;
      tick.appendChild(title);
      svg.appendChild(tick);
    });
    [
      [left, '0 s', 'start'],
      [W, atTime(last), 'end'],
    ].forEach(function (axis) {
      var t = document.createElementNS(SVGNS, 'text');
      t.setAttribute('x', String(axis[0]));
      t.setAttribute('y', String(H - 3));
      t.setAttribute('class', 'axis');
      if (axis[2] === 'end') t.setAttribute('text-anchor', 'end');
      t.textContent = String(axis[1]);
      svg.appendChild(t);
    });
    var caption =
      'Timeline of this call: ' +
      marks.length +
      ' records over ' +
      atTime(last).slice(1) +
      (ex.started_at ? ', from ' + ex.started_at.replace('T', ' ') : '') +
      (marks.length < ts.length - (ex.cut ? 1 : 0) ? ' (records without a time are left out)' : '');
    var figcaption = el('figcaption', { 'data-testid': 'call-timeline-caption', text: caption });
    return el('figure', { className: 'call-timeline-box' }, [figcaption, svg]);
  }

  function drawTimeline(slice) {
    timeline.textContent = '';
    if (slice.length === 0) return;
    var times = [];
    slice.forEach(function (i) {
      var r = runs[i];
      var a = Date.parse(r.started_at);
      times.push(a, a + 1000 * (r.duration_seconds || 0));
    });
    var lo = Math.min.apply(null, times),
      hi = Math.max.apply(null, times),
      span = Math.max(1, hi - lo);
    var W = 650,
      rowH = 6,
      H = slice.length * rowH + 24;
    var svg = document.createElementNS(SVGNS, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + (W + 10) + ' ' + H);
    svg.setAttribute('class', 'chart');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'Timeline of the calls on this page: start and duration, coloured by status');
    slice.forEach(function (index, row) {
      var r = runs[index],
        a = Date.parse(r.started_at);
      var x = 10 + ((W - 10) * (a - lo)) / span,
        w = Math.max(2, ((W - 10) * 1000 * (r.duration_seconds || 0)) / span);
      var rect = document.createElementNS(SVGNS, 'rect');
      rect.setAttribute('x', x.toFixed(1));
      rect.setAttribute('y', String(4 + row * rowH));
      rect.setAttribute('width', w.toFixed(1));
      rect.setAttribute('height', String(rowH - 1));
      rect.setAttribute('class', 'c-' + outcome(r.status));
      var title = document.createElementNS(SVGNS, 'title');
      title.textContent = when(r.started_at) + ' ' + r.verb + ' ' + r.status + ' ' + seconds(r.duration_seconds);
      rect.appendChild(title);
      svg.appendChild(rect);
    });
    [
      [lo, 'start'],
      [hi, 'end'],
    ].forEach(function (pair) {
      var t = document.createElementNS(SVGNS, 'text');
      t.setAttribute('x', pair[1] === 'start' ? '10' : String(W));
      t.setAttribute('y', String(H - 4));
      t.setAttribute('class', 'axis');
      t.setAttribute('font-size', '8');
      if (pair[1] === 'end') t.setAttribute('text-anchor', 'end');
      t.textContent = when(new Date(pair[0]).toISOString());
      svg.appendChild(t);
    });
    timeline.appendChild(svg);
  }

  function applyFilter() {
    var status = /** @type {HTMLSelectElement} */ ($('filter-status')).value,
      text = /** @type {HTMLInputElement} */ ($('filter-text')).value.trim().toLowerCase();
    state.filtered = [];
    runs.forEach(function (run, i) {
      if (status && outcome(run.status) !== status && run.status !== status) return;
      if (text) {
        var hay = [
          run.run_id,
          run.verb,
          run.model,
          run.runner,
          run.direction,
          run.status,
          run.cause,
          run.excerpt && run.excerpt.task,
        ]
          .join(' ')
          .toLowerCase();
        if (hay.indexOf(text) === -1) return;
      }
      state.filtered.push(i);
    });
    state.page = 0;
    state.selected = 0;
    render();
  }
  function focusSelected() {
    var rows = /** @type {NodeListOf<HTMLElement>} */ (tbody.querySelectorAll('tr.run'));
    if (rows[state.selected]) rows[state.selected].focus();
  }
  function toggle(index) {
    state.open[index] = !state.open[index];
    render();
    focusSelected();
  }
  function show(index) {
    /** @type {HTMLSelectElement} */ ($('filter-status')).value = '';
    /** @type {HTMLInputElement} */ ($('filter-text')).value = '';
    state.filtered = runs.map(function (_, i) {
      return i;
    });
    var at = state.filtered.indexOf(index);
    if (at === -1) return;
    state.page = Math.floor(at / PAGE);
    state.selected = at % PAGE;
    state.open[index] = true;
    render();
    focusSelected();
    var row = $('run-' + index);
    if (row) row.scrollIntoView({ block: 'center' });
  }

  tbody.addEventListener('click', function (event) {
    var row = /** @type {Element} */ (event.target).closest('tr.run');
    if (!row) return;
    var rows = Array.prototype.slice.call(tbody.querySelectorAll('tr.run'));
    state.selected = rows.indexOf(row);
    toggle(Number(row.getAttribute('data-index')));
  });
  tbody.addEventListener('focusin', function (event) {
    var row = /** @type {Element} */ (event.target).closest('tr.run');
    if (!row) return;
    var rows = Array.prototype.slice.call(tbody.querySelectorAll('tr.run'));
    var at = rows.indexOf(row);
    if (at !== state.selected) {
      rows.forEach(function (r, i) {
        r.classList.toggle('selected', i === at);
      });
      state.selected = at;
    }
  });
  document.addEventListener('click', function (event) {
    var link = /** @type {Element} */ (event.target).closest('a[data-run]');
    if (!link) return;
    event.preventDefault();
    show(Number(link.getAttribute('data-run')));
  });
  $('prev-page').addEventListener('click', function () {
    state.page -= 1;
    state.selected = 0;
    render();
  });
  $('next-page').addEventListener('click', function () {
    state.page += 1;
    state.selected = 0;
    render();
  });
  $('filter-status').addEventListener('change', applyFilter);
  $('filter-text').addEventListener('input', applyFilter);

  var themes = ['auto', 'dark', 'light'];
  function setTheme(theme) {
    if (theme === 'auto') document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', theme);
    $('theme').textContent = 'Theme: ' + theme;
    try {
      localStorage.setItem('peer-bridge-theme', theme);
    } catch (e) {
      /* storage may be off for files */
    }
  }
  $('theme').addEventListener('click', function () {
    var now = document.documentElement.getAttribute('data-theme') || 'auto';
    setTheme(themes[(themes.indexOf(now) + 1) % themes.length]);
  });
  try {
    setTheme(localStorage.getItem('peer-bridge-theme') || 'auto');
  } catch (e) {
    setTheme('auto');
  }

  document.addEventListener('keydown', function (event) {
    var target = /** @type {HTMLElement} */ (event.target);
    var tag = target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || event.ctrlKey || event.metaKey || event.altKey) {
      if (event.key === 'Escape') target.blur();
      return;
    }
    var rows = tbody.querySelectorAll('tr.run');
    var inTable = target.closest && target.closest('#runs-body');
    switch (event.key) {
      case 'j':
      case 'ArrowDown':
        if (!inTable && event.key === 'ArrowDown') return;
        state.selected = Math.min(rows.length - 1, state.selected + 1);
        break;
      case 'k':
      case 'ArrowUp':
        if (!inTable && event.key === 'ArrowUp') return;
        state.selected = Math.max(0, state.selected - 1);
        break;
      case 'Enter':
      case ' ':
        if (!inTable) return;
        event.preventDefault();
        toggle(Number(rows[state.selected].getAttribute('data-index')));
        return;
      case 'n':
      case 'PageDown':
        state.page += 1;
        state.selected = 0;
        render();
        break;
      case 'p':
      case 'PageUp':
        state.page -= 1;
        state.selected = 0;
        render();
        break;
      case '/':
        event.preventDefault();
        $('filter-text').focus();
        return;
      case 't':
        $('theme').click();
        return;
      default:
        return;
    }
    event.preventDefault();
    Array.prototype.forEach.call(tbody.querySelectorAll('tr.run'), function (r, i) {
      r.classList.toggle('selected', i === state.selected);
    });
    focusSelected();
  });

  render();
  document.documentElement.setAttribute('data-ready', 'true');
})();
