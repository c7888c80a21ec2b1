/**
 * Framework diagrams drawn from the records, as SVG: AARRR as a funnel, HEART as its categories
 * against Goals → Signals → Metrics, the North Star above its inputs, growth accounting as a
 * waterfall of its identity, and any other framework as a column of its components. Stages and
 * metrics link to their pages. The same drawing is inline on the framework page (coloured by the
 * site stylesheet, light and dark) and a file of its own with its credit (presentation
 * attributes only, so it stands alone).
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
}

const WIDTH = 720;
const CHAR = 7.2;
const LINE = 18;

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

interface Drawing {
  height: number;
  body: string[];
}

class Canvas {
  readonly parts: string[] = [];
  constructor(
    readonly framework: Framework,
    readonly context: DiagramContext,
    readonly absolute: boolean,
  ) {}

  href(path: string): string {
    return escapeHtml(this.absolute ? `${this.context.baseUrl}${path}` : path);
  }

  rect(
    x: number,
    y: number,
    width: number,
    height: number,
    kind: "box" | "stage",
    extra = "",
  ): void {
    const colour = COLOURS[kind];
    this.parts.push(
      `<rect class="d-${kind}" x="${x}" y="${y}" width="${width}" height="${height}" rx="8" fill="${colour.fill}" stroke="${colour.stroke}" stroke-width="1.5"${extra}/>`,
    );
  }

  text(
    x: number,
    y: number,
    text: string,
    { cls = "d-text", anchor = "start", weight = "400", size = 13 } = {},
  ): void {
    const fill = cls === "d-muted" ? COLOURS.muted : COLOURS.text;
    this.parts.push(
      `<text class="${cls}" x="${x}" y="${y}" text-anchor="${anchor}" font-size="${size}" font-weight="${weight}" fill="${fill}">${
        escapeHtml(text)
      }</text>`,
    );
  }

  /** A component's name, linking to its card on the page. */
  stage(x: number, y: number, part: FrameworkComponent, anchor = "start"): void {
    const path = `/frameworks/${this.framework.slug}#${componentId(part.name)}`;
    this.parts.push(
      `<a href="${
        this.href(path)
      }"><text class="d-stage" x="${x}" y="${y}" text-anchor="${anchor}" font-size="14" font-weight="700" fill="${COLOURS.text}">${
        escapeHtml(part.name)
      }</text></a>`,
    );
  }

  /** A component's metrics as links, wrapped within `width`; returns the lines used. */
  metrics(x: number, y: number, slugs: readonly string[], width: number): number {
    if (slugs.length === 0) {
      this.text(x, y, "Product-specific: no catalog metric", { cls: "d-muted", size: 12 });
      return 1;
    }
    let line = 0;
    let at = 0;
    for (const [index, slug] of slugs.entries()) {
      const label = (this.context.metricLabels.get(slug) ?? slug) +
        (index < slugs.length - 1 ? "," : "");
      const length = label.length * CHAR;
      if (at > 0 && at + length > width) {
        line += 1;
        at = 0;
      }
      this.parts.push(
        `<a href="${this.href(`/metrics/${slug}`)}"><text class="d-link" x="${x + at}" y="${
          y + line * LINE
        }" font-size="13" fill="${COLOURS.link}">${escapeHtml(label)}</text></a>`,
      );
      at += length + CHAR;
    }
    return line + 1;
  }

  arrow(x1: number, y1: number, x2: number, y2: number): void {
    this.parts.push(
      `<line class="d-line" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${COLOURS.muted}" stroke-width="1.5"/>`,
    );
  }
}

function funnel(canvas: Canvas): number {
  const parts = canvas.framework.components;
  const top = 16;
  const row = 64;
  const funnelWidth = 300;
  parts.forEach((part, index) => {
    const y = top + index * row;
    const inset = (index * (funnelWidth - 120)) / Math.max(1, parts.length - 1) / 2;
    canvas.rect(inset, y, funnelWidth - 2 * inset, row - 10, "stage");
    canvas.stage(funnelWidth / 2, y + (row - 10) / 2 + 5, part, "middle");
    canvas.metrics(funnelWidth + 24, y + 18, part.metricSlugs, WIDTH - funnelWidth - 28);
  });
  return top + parts.length * row;
}

function heart(canvas: Canvas): number {
  const parts = canvas.framework.components;
  const columns = [
    { x: 0, width: 140, title: "Category" },
    { x: 150, width: 110, title: "Goals" },
    { x: 270, width: 110, title: "Signals" },
    { x: 390, width: WIDTH - 390, title: "Metrics" },
  ];
  for (const column of columns) {
    canvas.text(column.x + 4, 18, column.title, { weight: "700" });
  }
  canvas.text(262, 18, "→", { cls: "d-muted" });
  canvas.text(382, 18, "→", { cls: "d-muted" });
  const row = 58;
  parts.forEach((part, index) => {
    const y = 32 + index * row;
    canvas.rect(0, y, 140, row - 10, "stage");
    canvas.stage(10, y + 28, part);
    canvas.rect(150, y, 110, row - 10, "box");
    canvas.text(160, y + 28, "what success is", { cls: "d-muted", size: 12 });
    canvas.rect(270, y, 110, row - 10, "box");
    canvas.text(280, y + 28, "what users do", { cls: "d-muted", size: 12 });
    canvas.metrics(398, y + 20, part.metricSlugs, WIDTH - 402);
  });
  return 32 + parts.length * row;
}

function northStar(canvas: Canvas): number {
  const [star, ...inputs] = canvas.framework.components;
  if (!star) return 0;
  canvas.rect(WIDTH / 2 - 150, 8, 300, 52, "stage");
  canvas.stage(WIDTH / 2, 32, star, "middle");
  canvas.text(WIDTH / 2, 50, "the one number", { cls: "d-muted", anchor: "middle", size: 12 });
  const width = (WIDTH - (inputs.length - 1) * 12) / Math.max(1, inputs.length);
  let bottom = 0;
  inputs.forEach((part, index) => {
    const x = index * (width + 12);
    canvas.arrow(x + width / 2, 110, WIDTH / 2, 60);
    canvas.rect(x, 110, width, 120, "box");
    canvas.stage(x + 10, 132, part);
    const lines = canvas.metrics(x + 10, 154, part.metricSlugs, width - 20);
    bottom = Math.max(bottom, 154 + lines * LINE);
  });
  canvas.text(0, 100, "Input metrics", { cls: "d-muted", size: 12 });
  return Math.max(240, bottom);
}

function waterfall(canvas: Canvas): number {
  const parts = canvas.framework.components;
  const find = (word: string) => parts.find((part) => part.name.toLowerCase().startsWith(word));
  const steps = [
    { label: "Active, last period", part: find("retained"), delta: 0, base: true },
    { label: "+ new", part: find("new"), delta: 1, base: false },
    { label: "+ resurrected", part: find("resurrected"), delta: 1, base: false },
    { label: "− churned", part: find("churned"), delta: -1, base: false },
    { label: "Active, this period", part: undefined, delta: 0, base: true },
  ];
  const unit = 40;
  const floor = 240;
  const barWidth = WIDTH / steps.length - 16;
  let level = 3;
  steps.forEach((step, index) => {
    const x = index * (barWidth + 16);
    let from = level;
    let to = level;
    if (step.base) from = 0;
    else to = level + step.delta;
    if (index === steps.length - 1) to = level;
    const yTop = floor - Math.max(from, to) * unit;
    const height = Math.abs(to - from) * unit;
    canvas.parts.push(
      `<rect class="${
        step.delta < 0 ? "d-down" : step.delta > 0 ? "d-up" : "d-stage"
      }" x="${x}" y="${yTop}" width="${barWidth}" height="${height}" rx="4" fill="${
        step.delta < 0 ? COLOURS.down : step.delta > 0 ? COLOURS.up : COLOURS.stage.fill
      }" stroke="${COLOURS.stage.stroke}" stroke-width="1"/>`,
    );
    level = to;
    canvas.text(x, floor + 20, step.label, { weight: "700", size: 12 });
    if (step.part) {
      canvas.stage(x, floor + 38, step.part);
      canvas.metrics(x, floor + 56, step.part.metricSlugs, barWidth);
    }
  });
  canvas.text(0, 18, "active(t) = active(t−1) + new + resurrected − churned", { weight: "700" });
  const others = parts.filter((part) => !steps.some((step) => step.part === part));
  let y = floor + 120;
  for (const part of others) {
    canvas.stage(0, y, part);
    const lines = canvas.metrics(220, y, part.metricSlugs, WIDTH - 224);
    y += lines * LINE + 10;
  }
  return y;
}

function column(canvas: Canvas): number {
  let y = 8;
  for (const part of canvas.framework.components) {
    canvas.rect(0, y, WIDTH, 54, "box");
    canvas.stage(12, y + 22, part);
    canvas.metrics(12, y + 42, part.metricSlugs, WIDTH - 24);
    y += 64;
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
  { standalone = false }: DiagramOptions = {},
): string {
  const canvas = new Canvas(framework, context, standalone);
  const layout = LAYOUTS[framework.slug] ?? column;
  const drawn: Drawing = { height: layout(canvas), body: canvas.parts };
  const credit = standalone
    ? `<text x="0" y="${drawn.height + 28}" font-size="11" fill="${COLOURS.muted}">${
      escapeHtml(
        `${framework.name} · ${SITE_NAME}, ${context.baseUrl}/frameworks/${framework.slug} · ${LICENCE.name} (${LICENCE.url})`,
      )
    }</text>`
    : "";
  const height = drawn.height + (standalone ? 40 : 8);
  const id = escapeHtml(`diagram-${framework.slug}`);
  const title = `${framework.name}, as a diagram`;
  return [
    ...(standalone ? [`<?xml version="1.0" encoding="UTF-8"?>`] : []),
    `<svg xmlns="http://www.w3.org/2000/svg" class="diagram" viewBox="-4 -4 ${
      WIDTH + 8
    } ${height}" role="group" aria-labelledby="${id}-title" aria-describedby="${id}-desc" font-family="system-ui, sans-serif">`,
    `<title id="${id}-title">${escapeHtml(title)}</title>`,
    `<desc id="${id}-desc">${escapeHtml(diagramDescription(framework, context))}</desc>`,
    ...drawn.body,
    credit,
    `</svg>`,
  ].join("\n") + "\n";
}
