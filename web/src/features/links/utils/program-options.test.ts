import { describe, expect, it } from "vitest";
import { buildProgramOptions, CREATE_NEW_PROGRAM_LABEL, filterProgramOptions, programLabel } from "./program-options";

const programs = [
  { id: "amex", name: "Amex Gold", approved: true, offerEnded: false },
  { id: "chase", name: "Chase Sapphire", approved: true, offerEnded: false },
  { id: "new-bank", name: "New Bank", approved: false, offerEnded: false },
  { id: "wise", name: "Wise", approved: true, offerEnded: false },
];

const labels = (options: { label: string }[]) => options.map((option) => option.label);

describe("programLabel", () => {
  it("marks unapproved programs", () => {
    expect(programLabel({ name: "New Bank", approved: false })).toBe("New Bank (Pending Approval)");
    expect(programLabel({ name: "Wise", approved: true })).toBe("Wise");
  });

  it("marks programs whose offer has ended", () => {
    expect(programLabel({ name: "Old Bank", approved: true, offerEnded: true })).toBe("Old Bank (Ended)");
  });
});

describe("buildProgramOptions", () => {
  it("keeps the given order and labels pending programs", () => {
    expect(labels(buildProgramOptions(programs))).toEqual(["Amex Gold", "Chase Sapphire", "New Bank (Pending Approval)", "Wise"]);
  });

  it("hides programs where the member already has a link", () => {
    expect(labels(buildProgramOptions(programs, { excludeProgramIds: ["chase", "wise"] }))).toEqual([
      "Amex Gold",
      "New Bank (Pending Approval)",
    ]);
  });

  it("adds 'Create New Program' last only when asked", () => {
    expect(labels(buildProgramOptions(programs)).includes(CREATE_NEW_PROGRAM_LABEL)).toBe(false);
    const options = buildProgramOptions(programs, { allowCreate: true });
    expect(options.at(-1)).toMatchObject({ kind: "create", label: "Create New Program" });
  });

  it("lists an ended program as Ended and not to be chosen", () => {
    const options = buildProgramOptions([...programs, { id: "old", name: "Old Bank", approved: true, offerEnded: true }]);
    expect(options.at(-1)).toEqual({ kind: "program", id: "old", label: "Old Bank (Ended)", disabled: true });
    expect(options[0]).toEqual({ kind: "program", id: "amex", label: "Amex Gold", disabled: false });
  });

  it("offers only 'Create New Program' when every program is taken", () => {
    const options = buildProgramOptions(programs, { allowCreate: true, excludeProgramIds: programs.map((p) => p.id) });
    expect(labels(options)).toEqual(["Create New Program"]);
  });
});

describe("filterProgramOptions", () => {
  const options = buildProgramOptions(programs, { allowCreate: true });

  it("shows everything for an empty query, 'Create New Program' last", () => {
    expect(labels(filterProgramOptions(options, ""))).toEqual([...labels(buildProgramOptions(programs)), "Create New Program"]);
  });

  it("searches labels case-insensitively", () => {
    expect(labels(filterProgramOptions(options, "SAPPH"))).toEqual(["Chase Sapphire", "Create New Program"]);
    expect(labels(filterProgramOptions(options, "pending approval"))).toEqual(["New Bank (Pending Approval)", "Create New Program"]);
  });

  it("keeps 'Create New Program' whatever is typed, even when nothing matches", () => {
    expect(labels(filterProgramOptions(options, "zzz"))).toEqual(["Create New Program"]);
    expect(labels(filterProgramOptions(options, "create"))).toEqual(["Create New Program"]);
  });

  it("does not invent a create option the dashboard does not offer", () => {
    expect(filterProgramOptions(buildProgramOptions(programs), "zzz")).toEqual([]);
  });
});
