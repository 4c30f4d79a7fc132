import { useState } from "react";

/**
 * The value, or the last non-null one while it is null: lets a dialog keep showing its subject
 * during its closing transition.
 */
export function useLastNonNull<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
