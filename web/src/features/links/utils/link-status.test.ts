import { describe, expect, it } from "vitest";
import { LINK_STATUS_LABELS, linkStatus } from "./link-status";

describe("linkStatus", () => {
  it.each([
    [{ isDead: false, approved: true, paused: false }, "Active"],
    [{ isDead: false, approved: false, paused: false }, "Pending"],
    [{ isDead: false, approved: true, paused: true }, "Paused"],
    [{ isDead: true, approved: true, paused: false }, "Dead"],
    [{ isDead: true, approved: false, paused: true }, "Dead"],
    [{ isDead: false, approved: false, paused: true }, "Pending"],
  ])("%o is %s", (flags, label) => {
    expect(LINK_STATUS_LABELS[linkStatus({ ...flags, health: { status: "healthy" } })]).toBe(label);
  });

  it.each([
    [{ isDead: false, approved: true, paused: false }, "Failing"],
    [{ isDead: false, approved: true, paused: true }, "Paused"],
    [{ isDead: true, approved: true, paused: false }, "Dead"],
    [{ isDead: false, approved: false, paused: false }, "Pending"],
  ])("%o with a failing health is %s", (flags, label) => {
    expect(LINK_STATUS_LABELS[linkStatus({ ...flags, health: { status: "failing" } })]).toBe(label);
  });
});
