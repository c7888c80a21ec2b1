// deno-lint-ignore-file no-import-prefix -- a test-only package, locked in tests/deno.lock
/**
 * A host page's side of an MCP App, bundled for Chromium by tests/agents/benchmark_view_test.ts: the
 * extension's own `AppBridge` connects to the view in a sandboxed frame, hands it the tool's input
 * and result, and sizes the frame to the height the view reports.
 *
 * @module
 */
import {
  AppBridge,
  PostMessageTransport,
} from "npm:@modelcontextprotocol/ext-apps@1.7.5/app-bridge";

interface Frame {
  contentWindow: Window;
  srcdoc: string;
  style: { height: string };
}
type Window = NonNullable<ConstructorParameters<typeof PostMessageTransport>[0]>;

const page = globalThis as unknown as {
  document: { getElementById(id: string): Frame };
  showView: unknown;
};

/** Shows the view's document in the frame and delivers one tool call to it. */
page.showView = async (
  html: string,
  args: Record<string, unknown>,
  result: Parameters<AppBridge["sendToolResult"]>[0],
  theme: "light" | "dark",
): Promise<{ initialized: boolean; heights: number[] }> => {
  const frame = page.document.getElementById("app");
  const bridge = new AppBridge(null, { name: "test-host", version: "1.0.0" }, { openLinks: {} }, {
    hostContext: { theme, displayMode: "inline" },
  });
  const heights: number[] = [];
  bridge.onsizechange = ({ height }) => {
    if (height === undefined) return;
    heights.push(height);
    frame.style.height = `${height}px`;
  };
  const initialized = new Promise<boolean>((resolve) => {
    bridge.oninitialized = () => resolve(true);
  });
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  frame.srcdoc = html;
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result);
  return { initialized: true, heights };
};
