/** Keys of what the app keeps in the browser. */
export const STORAGE_KEYS = {
  /** Set when an admin enters a member's dashboard through 'Log in as user'. */
  adminReturn: "adminReturn",
  /** The /submit form's name and e-mail, remembered between submissions (JSON {name, email}). */
  submitterDetails: "submitterDetails",
  /**
   * "true" while this browser has a Firebase session (kept by the session). Firebase Auth loads after
   * the first paint; until it says who is signed in, pages show a visitor their variant at once and
   * wait only when this says a sign-in is likely.
   */
  hadSession: "hadSession",
  /** The currency of the member's last recorded outcome with an amount: the next one's default. */
  lastOutcomeCurrency: "lastOutcomeCurrency",
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// localStorage throws in some private modes and when storage is full: treat that as "nothing stored".
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // best effort
  }
}
