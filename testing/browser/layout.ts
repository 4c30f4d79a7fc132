import type { Locator, Page } from "playwright-core";

/** A box in CSS pixels, from the viewport's top left corner (as getBoundingClientRect gives it), rounded. */
export interface LayoutBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type LayoutProblemKind =
  /** Its box runs past the left or right edge of the viewport: the page scrolls sideways to show it, or cannot. */
  | "outside-viewport"
  /** An ancestor that clips (overflow hidden, clip, auto or scroll) cuts it: part of it is out of that box. */
  | "clipped"
  /** Its own text is cut with an ellipsis (or a line clamp): scrollWidth > clientWidth. */
  | "truncated"
  /** An open dialog's primary action (the last enabled button of its actions) is not on screen as the dialog opens. */
  | "action-out-of-view"
  /** An open dialog has no enabled button in its actions. */
  | "no-action"
  /** A control smaller than the touch target asked for (options.minTarget). */
  | "small-target";

export interface LayoutProblem {
  kind: LayoutProblemKind;
  /** What it is, as a user finds it: its role and accessible name, or the text that is cut ('cell "$7,500.00"'). */
  element: string;
  /** A short CSS path to it, to find it in the DOM. */
  path: string;
  /** Its box; for text, the box of the text itself (not of the block it is in). */
  box: LayoutBox;
  /** What cuts it: the ancestor (its description, path, box and overflow) or the viewport. */
  container: { element: string; path: string; box: LayoutBox; overflow?: string };
  /** How far it runs out, and where. */
  detail: string;
}

export interface LayoutCheckOptions {
  /** Only what is inside this element (e.g. the open dialog, or the page's main); the whole page otherwise. */
  root?: Locator;
  /**
   * Also report every enabled control smaller than this (CSS px) in width or height: a touch target.
   * A link inside running text, and a control out of the tab order (tabindex="-1": a pointer's
   * shortcut to what another control does, e.g. an autocomplete's arrow) are exempt, as in WCAG 2.5.8.
   */
  minTarget?: number;
}

interface InPageOptions {
  root: unknown;
  minTarget: number | null;
}

/**
 * Every layout problem on what the page shows now (or inside `options.root`), as a phone user meets
 * it. Evaluated in the page, after its finite animations (a dialog's fade and slide) have ended:
 *
 * - a visible text or control whose box extends past the viewport's left or right edge;
 * - one cut by an ancestor that clips (overflow hidden, clip, auto or scroll): horizontally by any of
 *   them, vertically by hidden or clip only (a box that scrolls up and down is meant to be scrolled);
 *   the innermost such ancestor is named;
 * - text cut with an ellipsis or a line clamp (its element's scrollWidth > clientWidth);
 * - for each open dialog (role dialog or alertdialog), its primary action, the last enabled button of
 *   its actions area (MUI's DialogActions, or an element marked data-dialog-actions; the whole dialog
 *   if it has none), must be inside the viewport and cut by nothing, without scrolling;
 * - with `minTarget`, controls smaller than that.
 *
 * Left out, so that what is reported is real: what nobody sees (display none, visibility hidden,
 * opacity 0, zero size, aria-hidden or inert, so also the page behind an open MUI dialog, closed
 * menus), what is hidden for screen readers only (clip or clip-path to nothing, MUI's
 * visuallyHidden), what is moved off screen to the left or above the page on purpose, and the
 * content of a container that is allowed to scroll sideways: mark it data-scrolls="x" (the container
 * itself is still checked).
 */
export async function layoutProblems(page: Page, options: LayoutCheckOptions = {}): Promise<LayoutProblem[]> {
  const root = options.root ? await options.root.elementHandle() : null;
  const input: InPageOptions = { root, minTarget: options.minTarget ?? null };
  return page.evaluate(async ({ root: givenRoot, minTarget }: InPageOptions) => {
    const scope = (givenRoot as Element | null) ?? document.body;
    // what a dialog or menu still fading or sliding in shows is not where it ends up
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );

    const TOLERANCE = 1; // sub-pixel rounding
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = document.documentElement.clientHeight;
    const CONTROL = [
      "button",
      "a[href]",
      'input:not([type="hidden"])',
      "select",
      "textarea",
      "summary",
      ...[
        "button",
        "link",
        "checkbox",
        "switch",
        "radio",
        "combobox",
        "tab",
        "menuitem",
        "menuitemradio",
        "menuitemcheckbox",
        "option",
        "slider",
        "spinbutton",
        "textbox",
      ].map((role) => `[role="${role}"]`),
    ].join(", ");
    const NOT_CLIPPING_DISPLAY = new Set([
      "inline",
      "contents",
      "table-row",
      "table-row-group",
      "table-header-group",
      "table-footer-group",
      "table-column",
      "table-column-group",
    ]);

    type Rect = { left: number; top: number; right: number; bottom: number };
    const styles = new Map<Element, CSSStyleDeclaration>();
    const style = (element: Element) => {
      let found = styles.get(element);
      if (!found) {
        found = getComputedStyle(element);
        styles.set(element, found);
      }
      return found;
    };
    const rects = new Map<Element, DOMRect>();
    const rectOf = (element: Element) => {
      let found = rects.get(element);
      if (!found) {
        found = element.getBoundingClientRect();
        rects.set(element, found);
      }
      return found;
    };
    const toBox = (rect: Rect) => ({
      x: Math.round(rect.left),
      y: Math.round(rect.top),
      width: Math.round(rect.right - rect.left),
      height: Math.round(rect.bottom - rect.top),
    });
    const union = (a: Rect | null, b: Rect): Rect =>
      a
        ? {
            left: Math.min(a.left, b.left),
            top: Math.min(a.top, b.top),
            right: Math.max(a.right, b.right),
            bottom: Math.max(a.bottom, b.bottom),
          }
        : { left: b.left, top: b.top, right: b.right, bottom: b.bottom };

    /** Hidden from screen readers' users and sighted ones alike, or on screen for screen readers only. */
    const visuallyHidden = (element: Element, css: CSSStyleDeclaration) => {
      if ((css.position === "absolute" || css.position === "fixed") && css.clip !== "auto" && css.clip !== "") return true;
      if (/^inset\((49|50|100)/.test(css.clipPath) || /^circle\(0/.test(css.clipPath)) return true;
      const rect = rectOf(element);
      return rect.width <= 1 && rect.height <= 1 && css.overflow !== "visible";
    };
    const hiddenCache = new Map<Element, boolean>();
    /** Whether nobody sees this element's content: it or an ancestor is hidden. `visibility` is the caller's (it inherits, and a child may undo it). */
    const hidden = (element: Element | null): boolean => {
      if (!element || element === document.documentElement) return false;
      const cached = hiddenCache.get(element);
      if (cached !== undefined) return cached;
      const css = style(element);
      const result =
        element.getAttribute("aria-hidden") === "true" ||
        element.hasAttribute("inert") ||
        css.display === "none" ||
        Number(css.opacity) === 0 ||
        visuallyHidden(element, css) ||
        // a container allowed to scroll sideways: its content is not checked, the container is
        element.parentElement?.closest('[data-scrolls="x"]') != null ||
        hidden(element.parentElement);
      hiddenCache.set(element, result);
      return result;
    };

    // ---- describing what is found ------------------------------------------------------------------
    const squash = (text: string, max = 80) => {
      const flat = text.replace(/\s+/g, " ").trim();
      return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
    };
    const implicitRole = (element: Element): string => {
      const tag = element.tagName.toLowerCase();
      if (tag === "a") return element.hasAttribute("href") ? "link" : "text";
      if (tag === "input") {
        const type = (element as HTMLInputElement).type;
        if (type === "checkbox" || type === "radio") return type;
        if (type === "button" || type === "submit" || type === "reset") return "button";
        return "textbox";
      }
      if (/^h[1-6]$/.test(tag)) return "heading";
      const roles: Record<string, string> = {
        button: "button",
        select: "combobox",
        textarea: "textbox",
        td: "cell",
        th: "columnheader",
        tr: "row",
        table: "table",
        li: "listitem",
        ul: "list",
        ol: "list",
        p: "paragraph",
        dialog: "dialog",
        main: "main",
        section: "region",
        nav: "navigation",
        dt: "term",
        dd: "definition",
        label: "label",
        legend: "legend",
        svg: "graphics",
        text: "text",
        tspan: "text",
      };
      return roles[tag] ?? (tag === "div" || tag === "span" ? "text" : tag);
    };
    const roleOf = (element: Element) => element.getAttribute("role")?.split(" ")[0] ?? implicitRole(element);
    const nameOf = (element: Element): string => {
      const label = element.getAttribute("aria-label");
      if (label) return squash(label);
      const labelledBy = element.getAttribute("aria-labelledby");
      if (labelledBy) {
        const text = labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" ");
        if (text.trim()) return squash(text);
      }
      const labels = (element as HTMLInputElement).labels;
      if (labels && labels.length > 0) return squash([...labels].map((l) => l.textContent ?? "").join(" "));
      const title = element.getAttribute("title") ?? element.getAttribute("alt");
      if (title) return squash(title);
      return squash((element as HTMLElement).innerText ?? element.textContent ?? "");
    };
    const describe = (element: Element) => {
      const name = nameOf(element);
      return name ? `${roleOf(element)} "${name}"` : roleOf(element);
    };
    const pathOf = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && parts.length < 4; node = node.parentElement) {
        const classes = [...node.classList].filter((name) => !/^css-/.test(name)).slice(0, 2);
        parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${classes.map((name) => `.${name}`).join("")}`);
      }
      return parts.join(" > ");
    };
    const VIEWPORT = { element: "the viewport", path: "", box: toBox({ left: 0, top: 0, right: viewportWidth, bottom: viewportHeight }) };

    // ---- the rules ---------------------------------------------------------------------------------
    /** The box inside an element's borders: what its overflow clips to. */
    const clipBoxOf = (element: Element): Rect => {
      const rect = rectOf(element);
      const html = element as HTMLElement;
      if (!html.clientWidth && !html.clientHeight) return rect; // e.g. an outer <svg>: its box
      const left = rect.left + html.clientLeft;
      const top = rect.top + html.clientTop;
      return { left, top, right: left + html.clientWidth, bottom: top + html.clientHeight };
    };
    const positioned = (css: CSSStyleDeclaration) => css.position !== "static" || css.transform !== "none" || css.filter !== "none";

    interface Cut {
      clipper: Element;
      detail: string;
      overflow: string;
    }
    /**
     * The innermost ancestor of `subject` whose overflow cuts `box` (with `includeSelf`, the subject
     * too: text is cut by the element it is in). `strict`: every overflow but visible cuts, in both
     * directions (a dialog's action must be on screen without scrolling); otherwise up and down only
     * hidden and clip do (what scrolls up and down is meant to be scrolled).
     */
    const cutBy = (subject: Element, box: Rect, strict: boolean, includeSelf: boolean): Cut | null => {
      // an absolutely positioned element is cut only by its containing block and what holds that; a fixed one by the viewport
      let needPositioned = false;
      for (
        let node: Element | null = subject;
        node && node !== document.body && node !== document.documentElement;
        node = node.parentElement
      ) {
        const css = style(node);
        const canClip =
          (includeSelf || node !== subject) &&
          (!needPositioned || positioned(css)) &&
          !NOT_CLIPPING_DISPLAY.has(css.display) &&
          !(node instanceof SVGElement && !(node instanceof SVGSVGElement));
        if (canClip) {
          const clips = {
            x: css.overflowX !== "visible",
            y: strict ? css.overflowY !== "visible" : css.overflowY === "hidden" || css.overflowY === "clip",
          };
          if (clips.x || clips.y) {
            const inner = clipBoxOf(node);
            const slackY = strict ? TOLERANCE : Math.max(3, 0.2 * (box.bottom - box.top));
            const sides: string[] = [];
            if (clips.x && box.left < inner.left - TOLERANCE)
              sides.push(`starts ${Math.round(inner.left - box.left)} px before its left edge`);
            if (clips.x && box.right > inner.right + TOLERANCE)
              sides.push(`runs ${Math.round(box.right - inner.right)} px past its right edge`);
            if (clips.y && box.top < inner.top - slackY) sides.push(`starts ${Math.round(inner.top - box.top)} px above its top edge`);
            if (clips.y && box.bottom > inner.bottom + slackY)
              sides.push(`runs ${Math.round(box.bottom - inner.bottom)} px below its bottom edge`);
            if (sides.length > 0) {
              return { clipper: node, detail: sides.join(", "), overflow: `overflow-x: ${css.overflowX}; overflow-y: ${css.overflowY}` };
            }
          }
        }
        if (css.position === "fixed") return null;
        if (css.position === "absolute") needPositioned = true;
        else if (needPositioned && positioned(css)) needPositioned = false;
      }
      return null;
    };
    const outsideViewport = (box: Rect): string | null => {
      const sides: string[] = [];
      if (box.left < -TOLERANCE) sides.push(`starts ${Math.round(-box.left)} px before the viewport's left edge`);
      if (box.right > viewportWidth + TOLERANCE)
        sides.push(`runs ${Math.round(box.right - viewportWidth)} px past its right edge (${viewportWidth} px)`);
      return sides.length > 0 ? sides.join(", ") : null;
    };
    /** Entirely left of the page or above it: nobody can scroll there, so it is off screen on purpose (a skip link). */
    const offScreenOnPurpose = (box: Rect) => box.right <= 0 || box.bottom + window.scrollY <= 0;
    const tooSmall = (box: Rect) => box.right - box.left < 1 || box.bottom - box.top < 1;

    const problems = new Map<string, LayoutProblem & { rect: Rect; subject: Element; texts: string[] }>();
    const ids = new Map<Element, number>();
    const idOf = (element: Element) => {
      let id = ids.get(element);
      if (id === undefined) {
        id = ids.size;
        ids.set(element, id);
      }
      return id;
    };
    const report = (
      kind: LayoutProblemKind,
      subject: Element,
      rect: Rect,
      container: Element | null,
      detail: string,
      overflow?: string,
      text?: string,
    ) => {
      const key = `${kind} ${String(idOf(subject))} ${container ? String(idOf(container)) : "viewport"}`;
      const existing = problems.get(key);
      if (existing) {
        existing.rect = union(existing.rect, rect);
        existing.box = toBox(existing.rect);
        if (text && !existing.texts.includes(text)) existing.texts.push(text);
        return;
      }
      problems.set(key, {
        kind,
        element: "",
        path: pathOf(subject),
        box: toBox(rect),
        rect,
        subject,
        texts: text ? [text] : [],
        container: container
          ? { element: describe(container), path: pathOf(container), box: toBox(clipBoxOf(container)), ...(overflow ? { overflow } : {}) }
          : VIEWPORT,
        detail,
      });
    };

    // 1. text: every visible text node, by the box of its own characters
    const truncated = new Set<Element>();
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!text.trim()) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, noscript, template, title, desc, select, textarea, option:not([role])")) continue;
      if (hidden(parent) || style(parent).visibility !== "visible") continue;
      let rect: Rect | null = null;
      if (parent instanceof SVGElement) rect = parent.getBoundingClientRect();
      else {
        range.selectNodeContents(node);
        for (const fragment of range.getClientRects()) if (fragment.width > 0 && fragment.height > 0) rect = union(rect, fragment);
      }
      if (!rect || tooSmall(rect) || offScreenOnPurpose(rect)) continue;
      const subject = parent.closest(CONTROL) ?? parent;
      // cut with an ellipsis or a clamp: said of the element that cuts it
      const css = style(parent);
      const html = parent as HTMLElement;
      if (
        (css.textOverflow === "ellipsis" && html.scrollWidth > html.clientWidth + TOLERANCE) ||
        (css.webkitLineClamp !== "none" && css.webkitLineClamp !== "" && html.scrollHeight > html.clientHeight + TOLERANCE)
      ) {
        truncated.add(parent);
        report(
          "truncated",
          subject,
          rect,
          parent,
          `shows ${String(html.clientWidth)} of ${String(html.scrollWidth)} px (scrollWidth > clientWidth)`,
          `text-overflow: ${css.textOverflow}`,
          squash(text),
        );
        continue;
      }
      const cut = cutBy(parent, rect, false, true);
      if (cut) {
        if (!truncated.has(cut.clipper)) report("clipped", subject, rect, cut.clipper, cut.detail, cut.overflow, squash(text));
        continue;
      }
      const outside = outsideViewport(rect);
      if (outside) report("outside-viewport", subject, rect, null, outside, undefined, squash(text));
    }

    // 2. controls: their own boxes (a button may have no text, an input's value is no text node)
    const controls = [...(scope.matches(CONTROL) ? [scope] : []), ...scope.querySelectorAll(CONTROL)];
    for (const control of controls) {
      if (hidden(control) || style(control).visibility !== "visible") continue;
      const rect = rectOf(control);
      if (tooSmall(rect) || offScreenOnPurpose(rect)) continue;
      const cut = cutBy(control, rect, false, false);
      if (cut) report("clipped", control, rect, cut.clipper, cut.detail, cut.overflow);
      else {
        const outside = outsideViewport(rect);
        if (outside) report("outside-viewport", control, rect, null, outside);
      }
    }

    // 3. each open dialog's primary action: on screen as it opens, without scrolling anything
    const dialogs = [
      ...(scope.matches('[role="dialog"], [role="alertdialog"]') ? [scope] : []),
      ...scope.querySelectorAll('[role="dialog"], [role="alertdialog"]'),
    ];
    for (const dialog of dialogs) {
      if (hidden(dialog) || style(dialog).visibility !== "visible" || tooSmall(rectOf(dialog))) continue;
      const areas = dialog.querySelectorAll(".MuiDialogActions-root, [data-dialog-actions]");
      const area = areas.length > 0 ? areas[areas.length - 1]! : dialog;
      const buttons = [...area.querySelectorAll('button, [role="button"], input[type="submit"], input[type="button"]')].filter(
        (button) =>
          !(button as HTMLButtonElement).disabled &&
          button.getAttribute("aria-disabled") !== "true" &&
          !hidden(button) &&
          style(button).visibility === "visible" &&
          !tooSmall(rectOf(button)),
      );
      const primary = buttons.at(-1);
      if (!primary) {
        report("no-action", dialog, rectOf(dialog), null, "no enabled button in its actions");
        continue;
      }
      const rect = rectOf(primary);
      const cut = cutBy(primary, rect, true, false);
      const sides: string[] = [];
      if (rect.left < -TOLERANCE || rect.right > viewportWidth + TOLERANCE) sides.push("off the viewport sideways");
      if (rect.top < -TOLERANCE) sides.push(`${Math.round(-rect.top)} px above the viewport`);
      if (rect.bottom > viewportHeight + TOLERANCE)
        sides.push(`${Math.round(rect.bottom - viewportHeight)} px below the viewport (${viewportHeight} px high)`);
      const whose = cut?.clipper === dialog ? "the dialog's primary action" : `the primary action of ${describe(dialog)}`;
      if (cut) report("action-out-of-view", primary, rect, cut.clipper, `${whose} ${cut.detail}`, cut.overflow);
      else if (sides.length > 0) report("action-out-of-view", primary, rect, null, `${whose} is ${sides.join(", ")}`);
    }

    // 4. touch targets, when asked
    if (minTarget !== null) {
      for (const control of controls) {
        if ((control as HTMLButtonElement).disabled || control.getAttribute("aria-disabled") === "true") continue;
        if (control.getAttribute("tabindex") === "-1") continue;
        const css = style(control);
        if (control.tagName === "A" && css.display === "inline") continue;
        // a checkbox, switch or radio input is transparent over its drawn one; a field's input is inside its box
        const invisibleInput = control.tagName === "INPUT" && Number(css.opacity) === 0;
        if ((invisibleInput ? hidden(control.parentElement) : hidden(control)) || style(control).visibility !== "visible") continue;
        const target = /^(INPUT|TEXTAREA|SELECT)$/.test(control.tagName)
          ? (control.closest("label, .MuiInputBase-root") ?? (invisibleInput ? control.parentElement : control) ?? control)
          : control;
        const rect = rectOf(target);
        if (tooSmall(rect) || offScreenOnPurpose(rect)) continue;
        const width = rect.right - rect.left;
        const height = rect.bottom - rect.top;
        if (width < minTarget - 0.5 || height < minTarget - 0.5) {
          report(
            "small-target",
            control,
            rect,
            null,
            `${Math.round(width)}×${Math.round(height)} px, under ${String(minTarget)}×${String(minTarget)}`,
          );
        }
      }
    }

    return [...problems.values()].map(({ rect: _rect, subject, texts, ...problem }) => ({
      ...problem,
      element:
        texts.length > 0 && subject.matches(CONTROL) === false ? `${roleOf(subject)} "${squash(texts.join(" "))}"` : describe(subject),
    }));
  }, input);
}

const box = (b: LayoutBox) => `(${String(b.x)}, ${String(b.y)}) ${String(b.width)}×${String(b.height)}`;

/** One problem as a line a failing test prints. */
export function formatLayoutProblem(problem: LayoutProblem): string {
  // a target's size, and a dialog without an action, are not cut by anything
  if (problem.kind === "small-target" || problem.kind === "no-action") {
    return `${problem.kind}: ${problem.element} [${problem.path}] at ${box(problem.box)}: ${problem.detail}`;
  }
  const container = problem.container.path
    ? `${problem.container.element} [${problem.container.path}${problem.container.overflow ? `; ${problem.container.overflow}` : ""}] at ${box(problem.container.box)}`
    : `${problem.container.element} ${box(problem.container.box)}`;
  return `${problem.kind}: ${problem.element} [${problem.path}] at ${box(problem.box)}, in ${container}: ${problem.detail}`;
}

/**
 * Fails the test with a readable list of every layout problem on the screen the page shows now (or
 * inside `options.root`); `label` names the screen in the failure.
 */
export async function expectNoLayoutProblems(page: Page, label: string, options: LayoutCheckOptions = {}): Promise<void> {
  const problems = await layoutProblems(page, options);
  if (problems.length === 0) return;
  const size = page.viewportSize();
  throw new Error(
    `layout of ${label} (${page.url()}${size ? `, ${String(size.width)}×${String(size.height)}` : ""}): ${String(problems.length)} problem(s)\n${problems
      .map((problem) => `  - ${formatLayoutProblem(problem)}`)
      .join("\n")}`,
  );
}
