export * from "./errors";
export * from "./common";
export * from "./auth";
export * from "./users";
export * from "./programs";
export * from "./links";
export * from "./announcements";
export * from "./analytics";
