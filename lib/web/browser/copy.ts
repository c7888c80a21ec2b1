/**
 * The copy buttons of the metric pages' SQL recipes. A button is in the page hidden, and shown here,
 * so that a page read without scripts offers no button that does nothing: its recipe stays in a
 * `<pre>` block to select by hand. A click copies the text of the element the button's
 * `data-copy` names to the clipboard and says so; where the clipboard is refused (a page that is
 * not a secure context), it selects that text for the reader to copy. Loaded with the forms'
 * script (`forms.ts`), which every metric page with a recipe runs.
 *
 * @module
 */

/** The little of the DOM this script uses; the project's type check has no DOM library. */
interface Element {
  hidden: boolean;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  addEventListener(type: "click", listener: () => void): void;
}

const { document, navigator, getSelection } = globalThis as unknown as {
  document: {
    querySelectorAll(selector: string): Iterable<Element>;
    getElementById(id: string): Element | null;
    createRange(): { selectNodeContents(node: Element): void };
  };
  navigator: { clipboard?: { writeText(text: string): Promise<void> } };
  getSelection(): {
    removeAllRanges(): void;
    addRange(range: ReturnType<typeof document.createRange>): void;
  } | null;
};

/** Selects the whole text of an element, for the reader to copy. */
function select(element: Element): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

for (const button of document.querySelectorAll("button[data-copy]")) {
  const target = document.getElementById(button.dataset.copy ?? "");
  const status = document.getElementById(button.dataset.status ?? "");
  if (target === null) continue;
  button.hidden = false;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  button.addEventListener("click", () => {
    const text = target.textContent ?? "";
    const copied = navigator.clipboard?.writeText(text) ??
      Promise.reject(new Error("no clipboard"));
    copied.then(
      () => say("Copied to the clipboard."),
      () => {
        select(target);
        say("Selected: copy it with Ctrl+C or ⌘C.");
      },
    );
  });
}
