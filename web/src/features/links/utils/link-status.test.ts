import { describe, expect, it } from "vitest";
import { LINK_STATUS_LABELS, linkStatus } from "./link-status";

describe("linkStatus", () => {
  it.each([
    [{ isDead: false, approved: true, paused: false, isActive: true }, "Active"],
    [{ isDead: false, approved: false, paused: false, isActive: false }, "Pending"],
    [{ isDead: false, approved: true, paused: true, isActive: false }, "Paused"],
    [{ isDead: true, approved: true, paused: false, isActive: false }, "Dead"],
    [{ isDead: true, approved: false, paused: true, isActive: false }, "Dead"],
    [{ isDead: false, approved: false, paused: true, isActive: false }, "Pending"],
  ])("%o is %s", (flags, label) => {
    expect(LINK_STATUS_LABELS[linkStatus({ ...flags, health: { status: "healthy" } })]).toBe(label);
  });

  it.each([
    [{ isDead: false, approved: true, paused: false, isActive: false }, "Failing"],
    [{ isDead: false, approved: true, paused: true, isActive: false }, "Paused"],
    [{ isDead: true, approved: true, paused: false, isActive: false }, "Dead"],
    [{ isDead: false, approved: false, paused: false, isActive: false }, "Pending"],
  ])("%o with a failing health is %s", (flags, label) => {
    expect(LINK_STATUS_LABELS[linkStatus({ ...flags, health: { status: "failing" } })]).toBe(label);
  });

  it("is not Active when the server says the link is out of the rotation (owner blocked or lapsed)", () => {
    const link = { isDead: false, approved: true, paused: false, isActive: false, health: { status: "healthy" as const } };
    expect(LINK_STATUS_LABELS[linkStatus(link)]).toBe("Owner blocked or lapsed");
  });

  it("is Active only when the server says so", () => {
    const link = { isDead: false, approved: true, paused: false, isActive: true, health: { status: "healthy" as const } };
    expect(linkStatus(link)).toBe("active");
  });
});
