import { describe, expect, it } from "vitest";
import { authEmulatorUrl, buildFirebaseOptions, EMULATOR_DEFAULTS } from "./firebase-config";

describe("buildFirebaseOptions", () => {
  it("uses the demo project against the emulators when nothing is configured", () => {
    expect(buildFirebaseOptions({}, true)).toEqual({ apiKey: EMULATOR_DEFAULTS.apiKey, projectId: EMULATOR_DEFAULTS.projectId });
  });

  it("uses the configured values", () => {
    const config = { apiKey: "key", authDomain: "p.firebaseapp.com", projectId: "p", appId: "1:2:web:3" };
    expect(buildFirebaseOptions(config, false)).toEqual(config);
    expect(buildFirebaseOptions(config, true)).toEqual(config);
  });

  it("refuses to start against a real project without a key", () => {
    expect(() => buildFirebaseOptions({ projectId: "p" }, false)).toThrow(/VITE_FIREBASE_API_KEY/);
  });
});

describe("authEmulatorUrl", () => {
  it("adds http:// to a host:port", () => {
    expect(authEmulatorUrl("127.0.0.1:9099")).toBe("http://127.0.0.1:9099");
    expect(authEmulatorUrl("http://localhost:9099")).toBe("http://localhost:9099");
  });
});
