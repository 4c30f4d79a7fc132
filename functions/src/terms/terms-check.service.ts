import { logger } from "firebase-functions";
import { figureLinesTold, TERMS_MIN_TEXT_CHARS, TERMS_PAGE_MAX_BYTES, TERMS_TEXT_MAX_BYTES } from "@hub/contract/terms";
import type { AppDeps, PageRead } from "../platform/deps";
import { sha256 } from "../platform/keys";
import { termsChangedMail, termsUnreachableMail, type OutgoingMail } from "../platform/mailer";
import { sendMailOnce } from "../platform/mail-once";
import { awaitHostTurn } from "../platform/host-turns";
import { listAdmins } from "../accounts/users.store";
import { raiseAlert } from "../alerts/alerts.service";
import type { ProgramRecord } from "../catalog/programs.store";
import { readTermsDiff, readTermsVersion, recordTermsRead, updateTermsWatch } from "../catalog/terms-versions.store";
import { classifyTest, failureKind } from "../links/link-health";
import { keptFigures } from "./terms-figures";
import { utf8Prefix } from "../platform/utf8";
import { readableText } from "./terms-text";
import { figureChanges } from "./terms-diff";
import { newsOf, nextTermsWatch, type TermsRead } from "./terms-watch";
import { storeTermsDiff } from "./terms.service";

/*
 * One check of one program's terms page (the contract's *Terms watch and alerts*): read in its turn at
 * the host (platform/host-turns, shared with every fetcher of the hub) under the link tester's rules,
 * classed as link health classes a test, its readable text and figures kept as a version when they
 * changed, and admins told once per change and per unreachable spell.
 */

export type TermsCheckOutcome = "kept" | "same" | "broken" | "inconclusive" | "skipped";

/** What a check uses of the app's dependencies (the demo's seed gives these alone). */
export type TermsDeps = Pick<AppDeps, "pageReader" | "mailer" | "appOrigin" | "community" | "now">;

/** What one read of the page says: its text and figures, or why there are none. */
export function termsReadOf(read: PageRead, now: Date): TermsRead {
  const outcome = classifyTest(read, now).outcome;
  if (outcome !== "ok") return { outcome, reason: failureKind(read) };
  if (!read.page) return { outcome: "inconclusive", reason: "the page sent no body" };
  const isHtml = !read.page.contentType || /html|xml/i.test(read.page.contentType);
  const { text, lang } = isHtml ? readableText(read.page.text) : { text: read.page.text.replace(/\s+/g, " ").trim(), lang: null };
  if (text.length < TERMS_MIN_TEXT_CHARS) return { outcome: "inconclusive", reason: TOO_LITTLE_TEXT };
  // the hash is of the whole text; what is kept of it is cut at TERMS_TEXT_MAX_BYTES
  const kept = utf8Prefix(text, TERMS_TEXT_MAX_BYTES);
  const { figures, cut } = keptFigures(kept, lang);
  return { outcome: "ok", text: kept, lang, figures, figuresCut: cut, hash: sha256(text) };
}

/** Why a read is inconclusive, in the words `lastRead.reason` carries. */
export const TOO_LITTLE_TEXT = `fewer than ${String(TERMS_MIN_TEXT_CHARS)} characters of text`;
export const READ_FAILED = "the page could not be read";
export const READ_INTERRUPTED = "the read before did not finish";

/**
 * Reads the program's page (waiting for its turn at the host) and records what the read says. A page
 * is outside input: whatever goes wrong in reading it makes this program's read inconclusive, with
 * its reason, and never reaches the job (which goes on with the next program).
 */
export async function checkProgramTerms(deps: TermsDeps, program: Pick<ProgramRecord, "id" | "termsUrl">): Promise<TermsCheckOutcome> {
  const url = program.termsUrl;
  if (!url) return "skipped";
  await awaitHostTurn(url);
  let terms: TermsRead;
  try {
    terms = termsReadOf(await deps.pageReader.read(url, TERMS_PAGE_MAX_BYTES), deps.now());
  } catch (err) {
    logger.warn("terms page not read", { programId: program.id, error: err instanceof Error ? err.name : "unknown" });
    terms = { outcome: "inconclusive", reason: READ_FAILED };
  }
  return recordRead(deps, program.id, url, terms);
}

/** A read that a crashed slice left in progress (the terms job marks each before it): inconclusive, and not read again this run. */
export async function recordInterruptedRead(deps: TermsDeps, program: Pick<ProgramRecord, "id" | "termsUrl">): Promise<TermsCheckOutcome> {
  if (!program.termsUrl) return "skipped";
  return recordRead(deps, program.id, program.termsUrl, { outcome: "inconclusive", reason: READ_INTERRUPTED });
}

async function recordRead(deps: TermsDeps, programId: string, url: string, terms: TermsRead): Promise<TermsCheckOutcome> {
  const now = deps.now();
  let kept = false;
  const recorded = await recordTermsRead(programId, url, (current) => {
    const result = nextTermsWatch(current.termsWatch, url, terms, current.watchFor, now);
    kept = result.kept !== null;
    return result;
  });
  if (!recorded) return "skipped";
  if (kept) await storeTermsDiff(programId, recorded.termsWatch);
  // why the page cannot be read, as a kind (failureKind), never the tester's sentence
  await tellAdmins(deps, recorded, terms.outcome === "ok" ? "" : terms.reason);
  return terms.outcome === "ok" ? (kept ? "kept" : "same") : terms.outcome;
}

/**
 * Each admin is told once of a change (by its version) and of an unreachable spell (by its start),
 * each mail claimed before it is handed to the mail server (*Mail at most once*). What was told is
 * kept on the program, so the next check tells what a refused mail left untold, and only that.
 */
export async function tellAdmins(deps: TermsDeps, program: ProgramRecord, reason: string): Promise<void> {
  const watch = program.termsWatch;
  if (!watch || !program.termsUrl) return;
  const news = newsOf(watch, program.watchFor);
  if (news.change === null && news.unreachable === null) return;
  const admins = await listAdmins();
  const reviewUrl = `${deps.appOrigin}/admin?tab=programs&terms=${encodeURIComponent(program.id)}`;
  const details = { programName: program.name, termsUrl: program.termsUrl, reviewUrl };
  let toldChange = true;
  let toldUnreachable = true;
  if (news.change !== null) {
    const figures = await changedFigures(program.id, watch.reviewedVersion, news.change);
    await raiseAlert(deps, "terms-changed", `${program.id}:${String(news.change)}`, {
      text: `${program.name}: its terms changed (${figures.length > 0 ? figures.join("; ") : "the wording only"}). Nothing was changed in the hub.`,
      url: reviewUrl,
      data: { programId: program.id, programName: program.name, version: news.change, figures: figures.join("; ") },
    });
    for (const admin of admins) {
      const compose = () => termsChangedMail(admin.email, { ...details, figures }, deps.community);
      // every admin is mailed, whoever's mail was refused before (`&&=` would skip the rest)
      const sent = await sendOnce(deps, `terms-changed_${program.id}_${String(news.change)}_${admin.id}`, compose);
      toldChange = toldChange && sent;
    }
  }
  if (news.unreachable !== null) {
    await raiseAlert(deps, "terms-unreachable", `${program.id}:${news.unreachable}`, {
      text: `${program.name}: its terms page could not be read twice in a row (${reason}).`,
      url: reviewUrl,
      data: { programId: program.id, programName: program.name, unreachableSince: news.unreachable, reason },
    });
    for (const admin of admins) {
      const compose = () => termsUnreachableMail(admin.email, { ...details, reason }, deps.community);
      const sent = await sendOnce(deps, `terms-unreachable_${program.id}_${news.unreachable}_${admin.id}`, compose);
      toldUnreachable = toldUnreachable && sent;
    }
  }
  await updateTermsWatch(program.id, (current) => {
    const now = current.termsWatch;
    if (!now || now.url !== watch.url) return null;
    return {
      ...now,
      ...(news.change !== null && toldChange ? { toldChange: news.change } : {}),
      ...(news.unreachable !== null && toldUnreachable ? { toldUnreachable: news.unreachable } : {}),
    };
  });
}

/** The figures that changed from the reviewed version to `version`, one line each ("60,000 → 40,000 points"), at most TERMS_FIGURES_TOLD and "and N more". */
async function changedFigures(programId: string, reviewed: number | null, version: number): Promise<string[]> {
  // the diff the read just stored holds them: no second read of both versions, no second pairing
  const stored = await readTermsDiff(programId);
  if (stored && stored.from === reviewed && stored.to === version) return figureLinesTold(stored.figures);
  const [before, after] = await Promise.all([
    reviewed === null ? null : readTermsVersion(programId, reviewed),
    readTermsVersion(programId, version),
  ]);
  return figureLinesTold(figureChanges(before?.figures ?? [], after?.figures ?? []));
}

async function sendOnce(deps: TermsDeps, claim: string, compose: () => Promise<OutgoingMail>): Promise<boolean> {
  try {
    await sendMailOnce(deps, claim, "terms-watch", compose);
    return true;
  } catch (err) {
    // never the address or the mail: the claim names the program and the admin's uid
    logger.error("terms-watch e-mail not sent", { claim, error: err instanceof Error ? err.message : String(err) });
    return false;
  }
}
