import { expect, test, type Page } from '@playwright/test';
import { LANGS, SIZES, open, overlap, resizeTo, type PageBox } from './helpers';

/**
 * The layout at the six sizes in both languages (SPEC §13.4): every enabled control can be pressed
 * (the element at its centre is the control itself), nothing scrolls sideways, the page's regions
 * do not overlap, the diagram is whole, and no edge label lies on a node or another label. One page
 * per language, resized from size to size and read again (as a tablet turned or a window dragged),
 * not a cold load per cell: the checks are the same, the suite a minute shorter.
 */

async function buttonsPressable(page: Page, size: { width: number; height: number }) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  const narrow = size.width < 1000;
  const report = await page.evaluate(async (narrow) => {
    const out: string[] = [];
    let checked = 0;
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid^="btn-"]')) {
      if ((el as HTMLButtonElement).disabled || el.closest('details:not([open])') || el.getClientRects().length === 0)
        continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      await new Promise((r) => requestAnimationFrame(r));
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      checked++;
      if (!hit || !(hit === el || el.contains(hit)))
        out.push(`${el.dataset.testid} is covered by ${hit?.outerHTML.slice(0, 80)}`);
      if (narrow && (r.height < 44 || r.width < 44))
        out.push(`${el.dataset.testid} is ${r.width}x${r.height}, under 44 px`);
    }
    // Back to where a fresh load stands: the page and every scroll box at their tops.
    window.scrollTo(0, 0);
    for (const box of document.querySelectorAll<HTMLElement>('*'))
      if (box.scrollTop || box.scrollLeft) box.scrollTo(0, 0);
    return { out, checked };
  }, narrow);
  expect(report.out).toEqual([]);
  expect(report.checked).toBeGreaterThan(8);
}

async function regionsApart(page: Page, size: { width: number; height: number }) {
  const boxes = await page.evaluate(() => {
    const box = (id: string, el: Element): PageBox => {
      const r = el.getBoundingClientRect();
      return { id, x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height };
    };
    const regions = [
      ['header', '.hs-header'],
      ['diagram', '.hs-diagram'],
      ['readouts', '.hs-readouts'],
      ['controls', '.hs-controls'],
      ['meters', '.hs-meters'],
    ].map(([id, sel]) => box(id!, document.querySelector(sel!)!));
    const panels = [...document.querySelectorAll('.hs-panels > *')]
      .filter((p) => p.getClientRects().length)
      .map((p, i) => box(`panel ${i}`, p));
    const nodes = [...document.querySelectorAll('[data-testid^="state-"]:not([data-testid="state-group-active"])')].map(
      (n) => box(n.getAttribute('data-testid')!, n),
    );
    const panelsBox = box('panels', document.querySelector('.hs-panels')!);
    return { regions, panels, nodes, panelsBox };
  });
  const regions = [...boxes.regions, ...boxes.panels];
  const bad: string[] = [];
  for (let i = 0; i < regions.length; i++)
    for (let j = i + 1; j < regions.length; j++)
      if (overlap(regions[i]!, regions[j]!)) bad.push(`${regions[i]!.id} × ${regions[j]!.id}`);
  expect(bad).toEqual([]);
  const diagram = boxes.regions.find((r) => r.id === 'diagram')!;
  expect(boxes.nodes.length).toBeGreaterThanOrEqual(4);
  for (const n of boxes.nodes) {
    expect(n.x, n.id).toBeGreaterThanOrEqual(diagram.x - 0.5);
    expect(n.y, n.id).toBeGreaterThanOrEqual(diagram.y - 0.5);
    expect(n.x + n.w, n.id).toBeLessThanOrEqual(diagram.x + diagram.w + 0.5);
    expect(n.y + n.h, n.id).toBeLessThanOrEqual(diagram.y + diagram.h + 0.5);
  }
  // Wide: the diagram is inside the window. Narrow: diagram, then the controls, then the panels.
  if (size.width >= 1000) expect(diagram.y + diagram.h).toBeLessThanOrEqual(size.height);
  else {
    const controls = boxes.regions.find((r) => r.id === 'controls')!;
    expect(diagram.y).toBeLessThan(controls.y);
    expect(controls.y).toBeLessThan(boxes.panelsBox.y);
    expect(diagram.w).toBeLessThanOrEqual(size.width);
  }
}

async function labelsApart(page: Page) {
  const { labels, nodes } = await page.evaluate(() => {
    const box = (id: string, el: Element): PageBox => {
      const r = el.getBoundingClientRect();
      return { id, x: r.x, y: r.y, w: r.width, h: r.height };
    };
    return {
      labels: [...document.querySelectorAll('.react-flow__edgelabel-renderer .hs-edge__label')].map((l) =>
        box(`label ${l.getAttribute('data-edge')}`, l),
      ),
      nodes: [...document.querySelectorAll('.react-flow__node-taskState')].map((n) =>
        box(n.getAttribute('data-id')!, n),
      ),
    };
  });
  expect(labels.length).toBeGreaterThanOrEqual(4);
  const bad: string[] = [];
  for (const l of labels) for (const n of nodes) if (overlap(l, n)) bad.push(`${l.id} × ${n.id}`);
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++)
      if (overlap(labels[i]!, labels[j]!)) bad.push(`${labels[i]!.id} × ${labels[j]!.id}`);
  expect(bad).toEqual([]);
}

for (const lang of LANGS) {
  test(`at the six sizes in ${lang}: buttons pressable, regions apart, the diagram whole, labels off the nodes`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(SIZES[0]);
    await open(page, `?lang=${lang}&run=new`);
    // A run not yet started (its controls as a class first sees them) …
    for (const size of SIZES) {
      await test.step(`${size.width}x${size.height}, created`, async () => {
        await resizeTo(page, size);
        await buttonsPressable(page, size);
        await regionsApart(page, size);
      });
    }
    await test.step(`at 1366x768 > every text in the state nodes is drawn at 12 px or more (${lang})`, async () => {
      await resizeTo(page, { width: 1366, height: 768 });
      const sizes = await page.evaluate(() => {
        const vp = document.querySelector('.react-flow__viewport') as HTMLElement;
        const zoom = new DOMMatrixReadOnly(getComputedStyle(vp).transform).a;
        const out: { text: string; px: number }[] = [];
        for (const node of document.querySelectorAll('.react-flow__node-taskState')) {
          const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
          for (let t = walker.nextNode(); t; t = walker.nextNode()) {
            if (!t.textContent?.trim()) continue;
            out.push({ text: t.textContent, px: parseFloat(getComputedStyle(t.parentElement!).fontSize) * zoom });
          }
        }
        return out;
      });
      expect(sizes.length).toBeGreaterThan(10);
      expect(sizes.filter((s) => s.px < 12)).toEqual([]);
    });
    // … then running, where every edge label is drawn.
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    for (const size of SIZES) {
      await test.step(`${size.width}x${size.height}, running`, async () => {
        await resizeTo(page, size);
        await labelsApart(page);
      });
    }
  });
}
