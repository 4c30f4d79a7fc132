import type { Theme } from "@mui/material/styles";
import { useId, useState } from "react";
import { KEPT_LINK_TESTS, type LinkHealth } from "@hub/contract/links";
import { formatDateTime } from "../utils/date-time";
import { describeLinkTest, failingReason } from "../utils/link-health";

/**
 * The admin row's health rules, spread into the row's one static rule set (the row is plain markup:
 * see link-row.tsx for why).
 */
export function linkHealthStyles(theme: Theme) {
  return {
    "& .health": { margin: theme.spacing(0.5, 0, 0), color: theme.vars.palette.text.secondary },
    "& .health-failing": { color: theme.vars.palette.error.main, fontWeight: 600 },
    "& .health-toggle": {
      marginLeft: theme.spacing(1),
      padding: 0,
      border: 0,
      background: "none",
      font: "inherit",
      color: theme.vars.palette.primary.main,
      textDecoration: "underline",
      cursor: "pointer",
    },
    "& .health-toggle:focus-visible": { outline: `2px solid ${theme.vars.palette.primary.main}`, outlineOffset: 2, borderRadius: 2 },
    "& .health-tests": { margin: theme.spacing(0.5, 0, 0), paddingLeft: theme.spacing(2.5), color: theme.vars.palette.text.secondary },
    "& .health-test-broken": { color: theme.vars.palette.error.main },
  };
}

interface LinkHealthDetailsProps {
  health: LinkHealth;
  /** Who the link is by, to tell the rows' history buttons apart for screen readers. */
  owner: string;
}

/**
 * A link's health in its row: a failing link says so and why; a healthy or untested one says only
 * its last test, quietly. The last tests (up to 10) open on demand, so thousands of rows stay light.
 */
export function LinkHealthDetails({ health, owner }: LinkHealthDetailsProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const failing = health.status === "failing";
  const tests = health.tests.slice(0, KEPT_LINK_TESTS);
  const last = health.lastTest ?? tests[0] ?? null;
  const toggleText = `${open ? "Hide" : "Show"} test history (${String(tests.length)})`;

  return (
    <>
      {failing ? <p className="health health-failing">Failing: out of the rotation. {failingReason(health)}.</p> : null}
      <p className="health">
        {last ? `Last test: ${describeLinkTest(last)} · ${formatDateTime(last.at)}` : "Health: not tested yet"}
        {tests.length > 0 ? (
          <button
            type="button"
            className="health-toggle"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-label={`${toggleText} for link by ${owner}`}
            onClick={() => setOpen((current) => !current)}
          >
            {toggleText}
          </button>
        ) : null}
      </p>
      {open ? (
        <ol id={listId} className="health-tests" aria-label={`Last tests of the link by ${owner}, newest first`}>
          {tests.map((test, index) => (
            <li key={`${test.at}-${String(index)}`} className={test.outcome === "broken" ? "health-test-broken" : undefined}>
              <time dateTime={test.at}>{formatDateTime(test.at)}</time>: {describeLinkTest(test)}
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
