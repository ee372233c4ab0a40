import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import type { RunRecord } from '../src/run/record';

/** A lesson with sub-agents: its record nests calls, and every export must carry those too. */
const SCENARIO = 'sub-agent';

interface FlatCall {
  id: string;
  name: string;
  outcome: string | null;
  ran: boolean;
  agent: string | undefined;
}

/** Every call of a record, the sub-agents' included, in display order. */
function flatten(turns: RunRecord['turns']): FlatCall[] {
  return turns.flatMap((turn) =>
    turn.calls.flatMap((call) => [{ id: call.id, name: call.name, outcome: call.outcome, ran: call.executingAt !== null, agent: call.agent }, ...flatten(call.children ?? [])]),
  );
}

/** The page's record, as JSON would carry it. */
async function heldRecord(page: Page): Promise<RunRecord> {
  return JSON.parse(await page.evaluate(() => JSON.stringify(window.playground.record()))) as RunRecord;
}

/** Clicks an export and returns the file it downloads. */
async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await started;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** Parses SVG text with the browser's XML parser; the root, its size and each text in order. */
async function parseSvg(page: Page, text: string) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      root: root.localName,
      namespace: root.namespaceURI,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      texts: [...root.getElementsByTagName('text')].map((node) => node.textContent ?? ''),
      lanes: [...root.querySelectorAll('g[data-call-id]')].map((lane) => ({ id: lane.getAttribute('data-call-id') ?? '', label: lane.querySelector('text')?.textContent ?? '' })),
      outcomes: [...root.querySelectorAll('text.outcome-label')].map((node) => node.textContent ?? ''),
      causes: root.querySelectorAll('line.cause').length,
      rects: root.getElementsByTagName('rect').length,
    };
  }, text);
}

const exportMenu = (page: Page) => page.getByRole('region', { name: 'Timeline' }).getByText('Export', { exact: true });

/** The checks of a finished run's exports, each a step of one test: they share one page and one run. */
const FINISHED_RUN_CHECKS: [string, (page: Page) => Promise<void>][] = [
  [
    'the run record (JSON) is the record the page holds',
    async (page) => {
      const file = await download(page, 'export-record');
      expect(file.name).toBe(`${SCENARIO}.streaming.record.json`);
      const exported = JSON.parse(file.bytes.toString('utf8')) as RunRecord;
      const held = await heldRecord(page);
      expect(exported).toEqual(held);
      // What both say: every call, the sub-agents' too, with its outcome.
      const calls = flatten(held.turns);
      expect(calls.filter((call) => call.agent !== undefined).length).toBeGreaterThan(0);
      expect(calls.every((call) => call.outcome !== null)).toBe(true);
      expect(flatten(exported.turns).map((call) => [call.id, call.outcome])).toEqual(calls.map((call) => [call.id, call.outcome]));
    },
  ],
  [
    'the Chrome Trace is valid JSON with a span per call that ran, sub-agents as processes of their own',
    async (page) => {
      const file = await download(page, 'export-trace');
      expect(file.name).toBe(`${SCENARIO}.streaming.trace.json`);
      const trace = JSON.parse(file.bytes.toString('utf8')) as { traceEvents: { ph: string; name: string; cat?: string; pid: number; ts: number; dur?: number; args?: Record<string, unknown> }[] };
      expect(Array.isArray(trace.traceEvents)).toBe(true);
      for (const event of trace.traceEvents) {
        expect(typeof event.ts).toBe('number');
        expect(event.ts).toBeGreaterThanOrEqual(0);
        if (event.ph === 'X') expect(event.dur).toBeGreaterThanOrEqual(0);
      }
      const calls = flatten((await heldRecord(page)).turns);
      const spans = trace.traceEvents.filter((event) => event.ph === 'X' && event.cat === 'call');
      const ran = calls.filter((call) => call.ran);
      expect(spans.map((span) => [span.name, span.args?.outcome]).sort()).toEqual(ran.map((call) => [`${call.name}(${call.id})`, call.outcome]).sort());
      const processes = trace.traceEvents.filter((event) => event.ph === 'M' && event.name === 'process_name');
      const agents = new Set(calls.flatMap((call) => (call.agent === undefined ? [] : [call.agent])));
      expect(processes).toHaveLength(1 + agents.size);
      for (const call of ran.filter((c) => c.agent !== undefined)) {
        expect(spans.find((span) => span.name === `${call.name}(${call.id})`)?.pid).toBeGreaterThan(1);
      }
    },
  ],
  [
    'the OpenTelemetry export has an execute_tool span per call, sub-agents nested, content only when ticked',
    async (page) => {
      type Span = { spanId: string; parentSpanId?: string; name: string; attributes: { key: string; value: { stringValue?: string } }[] };
      const spansOf = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] }).resourceSpans[0]!.scopeSpans[0]!.spans;
      const file = await download(page, 'export-otlp');
      expect(file.name).toBe(`${SCENARIO}.streaming.otlp.json`);
      const spans = spansOf(file.bytes);
      const callId = (span: Span) => span.attributes.find((entry) => entry.key === 'gen_ai.tool.call.id')?.value.stringValue;
      const tools = spans.filter((span) => span.name.startsWith('execute_tool '));
      const calls = flatten((await heldRecord(page)).turns);
      expect(tools.map((span) => [span.name, callId(span)]).sort()).toEqual(calls.map((call) => [`execute_tool ${call.name}`, call.id]).sort());
      for (const call of calls.filter((c) => c.agent !== undefined)) {
        const span = tools.find((candidate) => callId(candidate) === call.id)!;
        const turn = spans.find((candidate) => candidate.spanId === span.parentSpanId)!;
        const agent = spans.find((candidate) => candidate.spanId === turn.parentSpanId)!;
        expect(agent.name).toBe(`invoke_agent sub-agent of ${call.agent}`);
      }
      expect(file.bytes.toString('utf8')).not.toContain('gen_ai.tool.call.arguments');
      await page.getByTestId('export-otlp-content').check();
      expect((await download(page, 'export-otlp')).bytes.toString('utf8')).toContain('gen_ai.tool.call.arguments');
    },
  ],
  [
    'the timeline SVG parses as SVG and has a lane per call',
    async (page) => {
      const file = await download(page, 'export-svg');
      expect(file.name).toBe(`${SCENARIO}.streaming.timeline.svg`);
      const svg = await parseSvg(page, file.bytes.toString('utf8'));
      expect(svg).toMatchObject({ error: false, root: 'svg', namespace: 'http://www.w3.org/2000/svg' });
      const calls = flatten((await heldRecord(page)).turns);
      // The title first; a lane per call with its label, its outcome after its bar, and the causes drawn.
      expect(svg.texts[0]).toBe(`${SCENARIO} · streaming`);
      expect(svg.lanes.map((lane) => lane.id)).toEqual(calls.map((call) => call.id));
      calls.forEach((call, i) => expect(svg.lanes[i]!.label).toMatch(new RegExp(`^${call.name}\\(`)));
      expect(svg.outcomes).toEqual(calls.map((call) => call.outcome));
      expect(svg.causes).toBeGreaterThan(0);
      expect(svg.rects).toBeGreaterThan(calls.length);
    },
  ],
  [
    'the HTML report is one file that holds every call and runs no script',
    async (page) => {
      const file = await download(page, 'export-html');
      expect(file.name).toBe(`${SCENARIO}.streaming.report.html`);
      const html = file.bytes.toString('utf8');
      for (const call of flatten((await heldRecord(page)).turns)) expect(html).toContain(call.id);
      expect(html).not.toMatch(/<script|<link /i);
      expect(html).toContain('class="cause"');
    },
  ],
  [
    'the timeline PNG is a PNG of the SVG drawn at twice its size, with something drawn on it',
    async (page) => {
      const svg = await parseSvg(page, (await download(page, 'export-svg')).bytes.toString('utf8'));
      const file = await download(page, 'export-png');
      expect(file.name).toBe(`${SCENARIO}.streaming.timeline.png`);
      expect(file.bytes.length).toBeGreaterThan(0);
      expect([...file.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(file.bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
      expect([file.bytes.readUInt32BE(16), file.bytes.readUInt32BE(20)]).toEqual([svg.width * 2, svg.height * 2]);
      // Decoded by the browser: more than a background (the lanes' bars and texts are there).
      const colours = await page.evaluate(async (base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        const seen = new Set<number>();
        for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        return seen.size;
      }, file.bytes.toString('base64'));
      expect(colours).toBeGreaterThan(5);
    },
  ],
];

test('exports are off until a run has ended; then each is what the page holds', async ({ page }) => {
  await page.goto(`/?scenario=${SCENARIO}&sandbox=virtual`);
  await test.step('off until a run has ended', async () => {
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
    await expect(exportMenu(page)).toHaveAttribute('aria-disabled', 'true');
    await exportMenu(page).click();
    for (const id of ['export-record', 'export-trace', 'export-otlp', 'export-svg', 'export-png', 'export-html']) await expect(page.getByTestId(id)).toBeDisabled();
    await exportMenu(page).click();
  });
  await page.getByLabel('Speed', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveText('done · expectations met');
  await exportMenu(page).click();
  await expect(page.getByTestId('export-record')).toBeEnabled();
  for (const [name, check] of FINISHED_RUN_CHECKS) await test.step(name, () => check(page));
});
