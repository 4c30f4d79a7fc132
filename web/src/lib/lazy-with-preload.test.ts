import { createElement, lazy, Suspense, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyWithPreload } from "./lazy-with-preload";

const Greeting = ({ name }: { name: string }) => createElement("b", null, `Hello ${name}`);
const load = () => Promise.resolve({ default: Greeting, extra: 42 });

/** One synchronous render, as the first render of hydration is: a part that suspends shows its fallback. */
const renderNow = (component: ComponentType<{ name: string }>) =>
  renderToString(createElement(Suspense, { fallback: "loading" }, createElement(component, { name: "Ann" })));

describe("lazyWithPreload", () => {
  it("renders at once once preloaded, where React.lazy suspends even with its module loaded", async () => {
    const loadedLazy = lazy(load);
    await load();
    expect(renderNow(loadedLazy)).toContain("loading");

    const Preloaded = lazyWithPreload(load);
    const module = await Preloaded.preload();
    expect(module.extra).toBe(42);
    expect(renderNow(Preloaded)).toContain("<b>Hello Ann</b>");
  });

  it("without a preload, suspends like React.lazy and loads the module once", async () => {
    let loads = 0;
    const Counted = lazyWithPreload(() => {
      loads++;
      return load();
    });
    expect(renderNow(Counted)).toContain("loading");
    await Counted.preload();
    expect(renderNow(Counted)).toContain("<b>Hello Ann</b>");
    expect(loads).toBe(1);
  });
});
