/**
 * Framework diagrams drawn from the records, as SVG: AARRR as a funnel, HEART as its categories
 * against their metrics, the North Star above its inputs, growth accounting as a waterfall of its
 * identity, and any other framework as a column of its components. Stages and metrics link to
 * their pages. Each is drawn twice on the framework page, for a wide column and stacked for a
 * phone's (the stylesheet shows one), so its text is never scaled below 12 px; both are coloured
 * by the site stylesheet, light and dark. The wide one is also a file of its own with its credit
 * (presentation attributes only, so it stands alone).
 *
 * @module
 */
import { escapeHtml } from "./html.ts";
import { LICENCE, SITE_NAME } from "../../policy.ts";
import type { Framework, FrameworkComponent } from "../../catalog/records.ts";

/** What a diagram needs besides the framework. */
export interface DiagramContext {
  /** Short display names of metrics (abbreviation or name), by slug. */
  metricLabels: ReadonlyMap<string, string>;
  /** The public base address, for the links and credit of the standalone file. */
  baseUrl: string;
}

/** Options of {@linkcode frameworkDiagram}. */
export interface DiagramOptions {
  /** A file of its own: absolute links, an XML prolog and a credit line. */
  standalone?: boolean;
  /**
   * Laid out for a phone's column, one stage under another, so that its text keeps its size
   * instead of being scaled down with a wide drawing.
   */
  narrow?: boolean;
}

/** The drawing's width in its own units: a wide page's column, and a phone's. */
const WIDTH = { wide: 720, narrow: 340 } as const;
const LINE = 18;
/** The size of the text, in the drawing's units: the narrow drawing keeps it legible on a phone. */
const TEXT_SIZE = 13;

/**
 * The width of a text in the drawing's units, estimated generously (a wide sans-serif such as
 * DejaVu Sans) so that labels placed side by side never run into each other.
 */
function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const char of text) {
    if (/[il.,:;'|!]/.test(char)) ems += 0.3;
    else if (char === " ") ems += 0.32;
    else if (/[frtj/()\-]/.test(char)) ems += 0.42;
    else if (/[mwMW]/.test(char)) ems += 0.98;
    else if (/[A-Z]/.test(char)) ems += 0.74;
    else ems += 0.62;
  }
  return ems * size;
}

/** Light-scheme colours as presentation attributes; the site stylesheet overrides them inline. */
const COLOURS = {
  box: { fill: "#f3f5f8", stroke: "#0b57d0" },
  stage: { fill: "#dbe6fb", stroke: "#0b57d0" },
  text: "#1b1f24",
  muted: "#49525e",
  link: "#0b57d0",
  up: "#1e7b34",
  down: "#b3261e",
};

/** The anchor of a component's card on the framework page. */
export function componentId(name: string): string {
  return `component-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

class Canvas {
  readonly parts: string[] = [];
  constructor(
    readonly framework: Framework,
    readonly context: DiagramContext,
    readonly absolute: boolean,
    readonly width: number,
  ) {}

  get narrow(): boolean {
    return this.width === WIDTH.narrow;
  }

  href(path: string): string {
    return escapeHtml(this.absolute ? `${this.context.baseUrl}${path}` : path);
  }

  rect(x: number, y: number, width: number, height: number, kind: "box" | "stage"): void {
    const colour = COLOURS[kind];
    this.parts.push(
      `<rect class="d-${kind}" x="${x}" y="${y}" width="${width}" height="${height}" rx="8" fill="${colour.fill}" stroke="${colour.stroke}" stroke-width="1.5"/>`,
    );
  }

  text(
    x: number,
    y: number,
    text: string,
    { cls = "d-text", anchor = "start", weight = "400" } = {},
  ): void {
    const fill = cls === "d-muted" ? COLOURS.muted : COLOURS.text;
    this.parts.push(
      `<text class="${cls}" x="${x}" y="${y}" text-anchor="${anchor}" font-size="${TEXT_SIZE}" font-weight="${weight}" fill="${fill}">${
        escapeHtml(text)
      }</text>`,
    );
  }

  /** A component's name (or `label`), linking to its card on the page. */
  stage(x: number, y: number, part: FrameworkComponent, anchor = "start", label = part.name): void {
    const path = `/frameworks/${this.framework.slug}#${componentId(part.name)}`;
    this.parts.push(
      `<a href="${
        this.href(path)
      }"><text class="d-stage" x="${x}" y="${y}" text-anchor="${anchor}" font-size="14" font-weight="700" fill="${COLOURS.text}">${
        escapeHtml(label)
      }</text></a>`,
    );
  }

  /** A component's metrics as links, wrapped within `width`; returns the lines used. */
  metrics(x: number, y: number, slugs: readonly string[], width: number): number {
    if (slugs.length === 0) {
      this.text(x, y, "Product-specific: no catalog metric", { cls: "d-muted" });
      return 1;
    }
    const space = textWidth(" ", TEXT_SIZE);
    let line = 0;
    let at = 0;
    for (const [index, slug] of slugs.entries()) {
      const label = (this.context.metricLabels.get(slug) ?? slug) +
        (index < slugs.length - 1 ? "," : "");
      const length = textWidth(label, TEXT_SIZE);
      if (at > 0 && at + length > width) {
        line += 1;
        at = 0;
      }
      this.parts.push(
        `<a href="${this.href(`/metrics/${slug}`)}"><text class="d-link" x="${x + at}" y="${
          y + line * LINE
        }" font-size="${TEXT_SIZE}" fill="${COLOURS.link}">${escapeHtml(label)}</text></a>`,
      );
      at += length + space;
    }
    return line + 1;
  }

  /** Moves the last part drawn back to `mark`, under what was drawn since (a box sized to it). */
  under(mark: number): void {
    const last = this.parts.pop();
    if (last !== undefined) this.parts.splice(mark, 0, last);
  }

  arrow(x1: number, y1: number, x2: number, y2: number): void {
    this.parts.push(
      `<line class="d-line" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${COLOURS.muted}" stroke-width="1.5"/>`,
    );
  }
}

/** AARRR: a funnel of its stages, the metrics beside each (under it on a phone). */
function funnel(canvas: Canvas): number {
  const parts = canvas.framework.components;
  const narrowing = (index: number, span: number) =>
    (index * span) / Math.max(1, parts.length - 1) / 2;
  if (canvas.narrow) {
    let y = 4;
    parts.forEach((part, index) => {
      const inset = narrowing(index, 120);
      canvas.rect(inset, y, canvas.width - 2 * inset, 34, "stage");
      canvas.stage(canvas.width / 2, y + 22, part, "middle");
      const lines = canvas.metrics(0, y + 54, part.metricSlugs, canvas.width);
      y += 54 + (lines - 1) * LINE + 16;
    });
    return y;
  }
  const top = 16;
  const row = 64;
  const funnelWidth = 300;
  parts.forEach((part, index) => {
    const y = top + index * row;
    const inset = narrowing(index, funnelWidth - 120);
    canvas.rect(inset, y, funnelWidth - 2 * inset, row - 10, "stage");
    canvas.stage(funnelWidth / 2, y + (row - 10) / 2 + 5, part, "middle");
    canvas.metrics(funnelWidth + 24, y + 18, part.metricSlugs, canvas.width - funnelWidth - 28);
  });
  return top + parts.length * row;
}

/**
 * HEART: each category and its metrics. The record gives no goal or signal per category, so the
 * Goals and Signals steps of the method are left to the page's text rather than drawn empty.
 */
function heart(canvas: Canvas): number {
  const parts = canvas.framework.components;
  if (canvas.narrow) return column(canvas);
  const metricsX = 170;
  canvas.text(4, 18, "Category", { weight: "700" });
  canvas.text(150, 18, "→", { cls: "d-muted" });
  canvas.text(metricsX, 18, "Metrics", { weight: "700" });
  let y = 32;
  for (const part of parts) {
    const mark = canvas.parts.length;
    const lines = canvas.metrics(metricsX, y + 20, part.metricSlugs, canvas.width - metricsX);
    const height = Math.max(48, 30 + lines * LINE);
    canvas.rect(0, y, 140, height, "stage");
    canvas.under(mark);
    canvas.stage(10, y + 28, part);
    y += height + 10;
  }
  return y;
}

/** The North Star above its input metrics: side by side, stacked under it on a phone. */
function northStar(canvas: Canvas): number {
  const [star, ...inputs] = canvas.framework.components;
  if (!star) return 0;
  const width = canvas.width;
  canvas.rect(width / 2 - 150, 8, 300, 52, "stage");
  canvas.stage(width / 2, 32, star, "middle");
  canvas.text(width / 2, 50, "the one number", { cls: "d-muted", anchor: "middle" });
  if (canvas.narrow) {
    // A spine down from the North Star, a branch to each input.
    const spine = 10;
    const x = 24;
    canvas.text(x, 96, "Input metrics", { cls: "d-muted" });
    let y = 108;
    let branch = y;
    for (const part of inputs) {
      branch = y + 20;
      canvas.arrow(spine, branch, x, branch);
      const mark = canvas.parts.length;
      const lines = canvas.metrics(x + 10, y + 44, part.metricSlugs, width - x - 20);
      const height = 34 + lines * LINE;
      canvas.rect(x, y, width - x, height, "box");
      canvas.under(mark);
      canvas.stage(x + 10, y + 22, part);
      y += height + 12;
    }
    canvas.arrow(spine, 60, spine, branch);
    return y;
  }
  canvas.text(0, 100, "Input metrics", { cls: "d-muted" });
  const box = (width - (inputs.length - 1) * 12) / Math.max(1, inputs.length);
  let bottom = 0;
  inputs.forEach((part, index) => {
    const x = index * (box + 12);
    canvas.arrow(x + box / 2, 110, width / 2, 60);
    canvas.rect(x, 110, box, 120, "box");
    canvas.stage(x + 10, 132, part);
    const lines = canvas.metrics(x + 10, 154, part.metricSlugs, box - 20);
    bottom = Math.max(bottom, 154 + lines * LINE);
  });
  return Math.max(240, bottom);
}

/**
 * Growth accounting: a waterfall of its identity, each bar labelled with its component (the
 * record gives no figures, so the bars show the direction of each flow, not its size). On a phone
 * the bars lie down, one under another.
 */
function waterfall(canvas: Canvas): number {
  const parts = canvas.framework.components;
  const find = (word: string) => parts.find((part) => part.name.toLowerCase().startsWith(word));
  const steps = [
    { label: "Active, last period", part: find("retained"), delta: 0, sign: "" },
    { label: "New", part: find("new"), delta: 1, sign: "+ " },
    { label: "Resurrected", part: find("resurrected"), delta: 1, sign: "+ " },
    { label: "Churned", part: find("churned"), delta: -1, sign: "− " },
    { label: "Active, this period", part: undefined, delta: 0, sign: "" },
  ];
  const bar = (x: number, y: number, width: number, height: number, delta: number) =>
    canvas.parts.push(
      `<rect class="${
        delta < 0 ? "d-down" : delta > 0 ? "d-up" : "d-stage"
      }" x="${x}" y="${y}" width="${width}" height="${height}" rx="4" fill="${
        delta < 0 ? COLOURS.down : delta > 0 ? COLOURS.up : COLOURS.stage.fill
      }" stroke="${COLOURS.stage.stroke}" stroke-width="1"/>`,
    );
  /** The bar's label: the component it stands for, a link to its card. */
  const label = (x: number, y: number, step: (typeof steps)[number], anchor = "start") => {
    const part = step.delta === 0 ? undefined : step.part;
    if (part) canvas.stage(x, y, part, anchor, `${step.sign}${part.name}`);
    else canvas.text(x, y, step.label, { weight: "700", anchor });
  };
  // Levels in units of a bar: start at 3, new and resurrected add one each, churned takes one.
  const levels = steps.map((_, index) =>
    3 + steps.slice(0, index + 1).reduce((total, step) => total + step.delta, 0)
  );
  const span = (index: number) => {
    const step = steps[index]!;
    const to = levels[index]!;
    return step.delta === 0 ? [0, to] : [to - step.delta, to];
  };
  const others = parts.filter((part) => !steps.some((step) => step.part === part));
  if (canvas.narrow) {
    canvas.text(0, 16, "active(t) = active(t−1)", { weight: "700" });
    canvas.text(0, 34, "+ new + resurrected − churned", { weight: "700" });
    // The label on the left, the bar beside it, the metrics under both.
    const barsX = 140;
    const unit = (canvas.width - barsX) / 5;
    let y = 60;
    steps.forEach((step, index) => {
      const [from = 0, to = 0] = span(index);
      label(0, y + 14, step);
      bar(barsX + Math.min(from, to) * unit, y, Math.abs(to - from) * unit, 20, step.delta);
      y += 40;
      if (step.part && step.delta === 0) {
        canvas.stage(0, y, step.part);
        y += LINE;
      }
      if (step.part) y += canvas.metrics(0, y, step.part.metricSlugs, canvas.width) * LINE + 10;
    });
    for (const part of others) {
      canvas.stage(0, y + 6, part);
      y += canvas.metrics(0, y + 24, part.metricSlugs, canvas.width) * LINE + 34;
    }
    return y;
  }
  const unit = 40;
  const floor = 250;
  const barWidth = canvas.width / steps.length - 16;
  steps.forEach((step, index) => {
    const x = index * (barWidth + 16);
    const [from = 0, to = 0] = span(index);
    const yTop = floor - Math.max(from, to) * unit;
    bar(x, yTop, barWidth, Math.abs(to - from) * unit, step.delta);
    label(x + barWidth / 2, yTop - 8, step, "middle");
    if (step.part && step.delta === 0) canvas.stage(x, floor + 22, step.part);
    if (step.part) canvas.metrics(x, floor + 40, step.part.metricSlugs, barWidth);
  });
  canvas.text(0, 18, "active(t) = active(t−1) + new + resurrected − churned", { weight: "700" });
  let y = floor + 120;
  for (const part of others) {
    canvas.stage(0, y, part);
    const lines = canvas.metrics(220, y, part.metricSlugs, canvas.width - 224);
    y += lines * LINE + 10;
  }
  return y;
}

/** Any framework: its components one under another, each with its metrics. */
function column(canvas: Canvas): number {
  let y = 8;
  for (const part of canvas.framework.components) {
    const mark = canvas.parts.length;
    const lines = canvas.metrics(12, y + 42, part.metricSlugs, canvas.width - 24);
    const height = 36 + lines * LINE;
    canvas.rect(0, y, canvas.width, height, "box");
    canvas.under(mark);
    canvas.stage(12, y + 22, part);
    y += height + 10;
  }
  return y;
}

const LAYOUTS: Record<string, (canvas: Canvas) => number> = {
  "aarrr": funnel,
  "heart": heart,
  "north-star": northStar,
  "growth-accounting": waterfall,
};

/** The diagram's one-sentence description, also its text for screen readers. */
export function diagramDescription(framework: Framework, context: DiagramContext): string {
  const parts = framework.components.map((part) => {
    const metrics = part.metricSlugs.map((slug) => context.metricLabels.get(slug) ?? slug);
    return `${part.name}${metrics.length > 0 ? ` (${metrics.join(", ")})` : ""}`;
  });
  return `${framework.name}: ${parts.join("; ")}.`;
}

/**
 * The SVG diagram of a framework, drawn from its components.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { frameworkDiagram } from "./diagram.ts";
 * import { loadCatalog } from "../../mod.ts";
 * const catalog = await loadCatalog();
 * const aarrr = catalog.frameworks.find((framework) => framework.slug === "aarrr")!;
 * const svg = frameworkDiagram(aarrr, { metricLabels: new Map(), baseUrl: "https://x.example" });
 * assert.match(svg, /<title id="diagram-aarrr-title">/);
 * ```
 */
export function frameworkDiagram(
  framework: Framework,
  context: DiagramContext,
  { standalone = false, narrow = false }: DiagramOptions = {},
): string {
  const width = narrow ? WIDTH.narrow : WIDTH.wide;
  const canvas = new Canvas(framework, context, standalone, width);
  const layout = LAYOUTS[framework.slug] ?? column;
  const drawn = { height: layout(canvas), body: canvas.parts };
  const credit = standalone
    ? `<text x="0" y="${drawn.height + 28}" font-size="11" fill="${COLOURS.muted}">${
      escapeHtml(
        `${framework.name} · ${SITE_NAME}, ${context.baseUrl}/frameworks/${framework.slug} · ${LICENCE.name} (${LICENCE.url})`,
      )
    }</text>`
    : "";
  const height = drawn.height + (standalone ? 40 : 8);
  const id = escapeHtml(`diagram-${framework.slug}${narrow ? "-narrow" : ""}`);
  const title = `${framework.name}, as a diagram`;
  return [
    ...(standalone ? [`<?xml version="1.0" encoding="UTF-8"?>`] : []),
    `<svg xmlns="http://www.w3.org/2000/svg" class="diagram ${
      narrow ? "narrow" : "wide"
    }" viewBox="-4 -4 ${
      width + 8
    } ${height}" role="group" aria-labelledby="${id}-title" aria-describedby="${id}-desc" font-family="system-ui, sans-serif">`,
    `<title id="${id}-title">${escapeHtml(title)}</title>`,
    `<desc id="${id}-desc">${escapeHtml(diagramDescription(framework, context))}</desc>`,
    ...drawn.body,
    credit,
    `</svg>`,
  ].join("\n") + "\n";
}
