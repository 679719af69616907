// The report's stylesheet: light and dark palettes (the system's choice, or the toggle), status
// colours that keep their meaning in both, visible focus for keyboard use.
export const PAGE_STYLE = `
:root { color-scheme: light; --bg:#ffffff; --fg:#1d2330; --muted:#5b6474; --card:#f4f6f9; --line:#d8dde6;
  --ok:#1f8a4c; --failed:#c2352b; --unknown:#b7791f; --bar:#3b6fd8; --focus:#7c3aed; --code:#eef1f5; }
:root[data-theme="dark"] { color-scheme: dark; --bg:#12151b; --fg:#e6e9ef; --muted:#9aa4b5; --card:#1c212b;
  --line:#2e3543; --ok:#4cc38a; --failed:#ff6b5f; --unknown:#f0b849; --bar:#7aa2ff; --focus:#c4a5ff; --code:#191e27; }
@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { color-scheme: dark; --bg:#12151b; --fg:#e6e9ef;
  --muted:#9aa4b5; --card:#1c212b; --line:#2e3543; --ok:#4cc38a; --failed:#ff6b5f; --unknown:#f0b849; --bar:#7aa2ff;
  --focus:#c4a5ff; --code:#191e27; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 1.2rem 2rem 3rem; background: var(--bg); color: var(--fg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
h1 { font-size: 1.4rem; margin: 0; } h2 { font-size: 1.1rem; margin: 1.6rem 0 .6rem; }
.muted { color: var(--muted); }
button, select, input { font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--line);
  border-radius: 6px; padding: .25rem .6rem; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: .6rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .6rem .8rem; }
.card .n { font-size: 1.35rem; font-weight: 600; } .card .k { color: var(--muted); font-size: .85rem; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 1rem; }
figure { margin: 0; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .6rem; }
figcaption { font-weight: 600; margin-bottom: .3rem; }
svg.chart { width: 100%; height: auto; display: block; }
svg text { fill: var(--fg); font-size: 11px; } #page-timeline svg text { font-size: 8px; }
svg .axis { fill: var(--muted); }
svg .axis-line { stroke: var(--line); } svg .bar { fill: var(--bar); }
.c-ok { fill: var(--ok); } .c-failed { fill: var(--failed); } .c-unknown { fill: var(--unknown); }
.call-timeline-box { margin: .4rem 0; } svg.call-timeline text { font-size: 9px; }
svg .lane-bridge { fill: var(--muted); } svg .lane-peer { fill: var(--bar); } svg .lane-failed { fill: var(--failed); }
.legend span { margin-right: 1rem; }
.legend i { display: inline-block; width: .8em; height: .8em; margin-right: .3em; border-radius: 2px; }
.legend .ok { background: var(--ok); } .legend .failed { background: var(--failed); }
.legend .unknown { background: var(--unknown); }
details { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .4rem .8rem;
  margin: .4rem 0; }
summary { cursor: pointer; font-weight: 600; }
pre { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: .5rem; overflow: auto;
  max-height: 24rem; white-space: pre-wrap; word-break: break-word;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; position: sticky; top: 0; background: var(--bg); }
tr.run { cursor: pointer; } tr.run:hover, tr.run.selected { background: var(--card); }
.status { display: inline-block; padding: 0 .45rem; border-radius: 999px; font-weight: 600; font-size: .85rem;
  color: #fff; }
.status.ok { background: var(--ok); } .status.failed { background: var(--failed); }
.status.unknown { background: var(--unknown); color: #1d2330; }
.badge { display: inline-block; margin-left: .3rem; padding: 0 .4rem; border: 1px solid var(--unknown);
  color: var(--unknown); border-radius: 4px; font-size: .8rem; }
.sub { color: var(--unknown); font-size: .8rem; }
.detail td { background: var(--card); } .detail h3 { font-size: .95rem; margin: .5rem 0 .2rem; }
.detail ul { margin: .2rem 0 .5rem 1.2rem; padding: 0; }
.toolbar { display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; margin: .4rem 0 .6rem; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 .3rem; font-size: .8rem; }
`;
