import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Timestamp } from "firebase-admin/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/platform/db";
import { HOST_PACES_TTL, reserveHostSlot } from "../../src/platform/host-paces.store";
import { resetEmulators } from "../../../testing/emulators";

/*
 * The one store of turns every fetcher of the hub reserves from (link tests, link health, the terms
 * watch), run in this process against the suite's Firestore with a fixed clock: which moment each
 * request gets at a host, what it is refused, and what is stored (and goes by TTL).
 */

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const GAP = 1_400;
const at = (ms: number) => () => ms;

beforeEach(async () => {
  await resetEmulators();
});

/** Every pace stored, as it is stored. */
async function storedPaces() {
  const snap = await db().collection(HOST_PACES_TTL.collection).get();
  return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
}

describe("the next free moment at a host", () => {
  it("is now at a free host, then a gap after the one before, each request in turn", async () => {
    expect(await reserveHostSlot("bank.example", GAP, 60_000, at(T0))).toEqual({ at: T0 });
    expect(await reserveHostSlot("bank.example", GAP, 60_000, at(T0 + 100))).toEqual({ at: T0 + GAP });
    expect(await reserveHostSlot("bank.example", GAP, 60_000, at(T0 + 200))).toEqual({ at: T0 + 2 * GAP });
    // another host is not held by this one's turns
    expect(await reserveHostSlot("other.example", GAP, 60_000, at(T0 + 200))).toEqual({ at: T0 + 200 });
  });

  it("is now again once the host's last turn is over", async () => {
    await reserveHostSlot("bank.example", GAP, 60_000, at(T0));
    expect(await reserveHostSlot("bank.example", GAP, 60_000, at(T0 + GAP + 5))).toEqual({ at: T0 + GAP + 5 });
    expect(await reserveHostSlot("bank.example", 500, 60_000, at(T0 + GAP + 5))).toEqual({ at: T0 + 2 * GAP + 5 });
  });

  it("is not reserved when it is further off than the caller waits, and the refusal says how long the host is held", async () => {
    await reserveHostSlot("bank.example", GAP, 60_000, at(T0));
    await reserveHostSlot("bank.example", GAP, 60_000, at(T0));
    // the host is held until T0 + 2 gaps: 2,800 ms from T0
    expect(await reserveHostSlot("bank.example", GAP, 2 * GAP - 1, at(T0))).toEqual({ refusedForMs: 2 * GAP });
    expect(await reserveHostSlot("bank.example", GAP, 2_000, at(T0 + 700))).toEqual({ refusedForMs: 2 * GAP - 700 });
    // a refusal reserved nothing: whoever waits that long gets the moment refused
    expect(await reserveHostSlot("bank.example", GAP, 2 * GAP, at(T0))).toEqual({ at: T0 + 2 * GAP });
  });

  it("gives requests that come at once a moment each, a gap apart (one transaction after the other)", async () => {
    const slots = await Promise.all(Array.from({ length: 3 }, () => reserveHostSlot("busy.example", GAP, 60_000, at(T0))));
    const moments = slots.map((s) => ("at" in s ? s.at : null)).sort((a, b) => a! - b!);
    expect(moments).toEqual([T0, T0 + GAP, T0 + 2 * GAP]);
  });

  it("reads the clock itself when none is given", async () => {
    const before = Date.now();
    const slot = await reserveHostSlot("clock.example", GAP, 60_000);
    const after = Date.now();
    expect("at" in slot && slot.at >= before && slot.at <= after).toBe(true);
  });
});

describe("what the store keeps of a host", () => {
  it("one document per host, named by no host, that goes by TTL a minute after the host is free again", async () => {
    await reserveHostSlot("www.bank.example", GAP, 60_000, at(T0));
    await reserveHostSlot("www.bank.example", GAP, 60_000, at(T0));
    await reserveHostSlot("other.example", GAP, 60_000, at(T0));
    const paces = await storedPaces();
    expect(paces).toHaveLength(2);
    for (const { id, data } of paces) {
      expect(`${id} ${JSON.stringify(data)}`).not.toMatch(/bank|other|example/);
      // the field the TTL policy reads holds a timestamp (any other type would never be deleted)
      expect(data[HOST_PACES_TTL.field]).toBeInstanceOf(Timestamp);
    }
    const expiries = paces.map(({ data }) => (data[HOST_PACES_TTL.field] as Timestamp).toMillis()).sort((a, b) => a - b);
    // other.example is free again at T0 + 1 gap, www.bank.example at T0 + 2 gaps
    expect(expiries).toEqual([T0 + GAP + 60_000, T0 + 2 * GAP + 60_000]);
  });

  it("is deleted in a deploy: firestore.indexes.json declares the TTL policy the store writes for", () => {
    const declared = JSON.parse(readFileSync(resolve(__dirname, "../../../firestore.indexes.json"), "utf8")) as {
      fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[];
    };
    expect(declared.fieldOverrides).toContainEqual(
      expect.objectContaining({ collectionGroup: HOST_PACES_TTL.collection, fieldPath: HOST_PACES_TTL.field, ttl: true }),
    );
  });
});
