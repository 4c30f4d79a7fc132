import { textField } from "./common";

/**
 * Short rotation addresses (docs/architecture.md, *Short rotation addresses*): a program's `slug` makes its
 * rotation address `/r/{slug}`, short enough to say aloud and print as a sparse QR code. Slugs are
 * unique among every program's current and past slugs, deleted programs' included, so a printed code
 * never sends people to another bank.
 */
export const SLUG_MIN = 3;
export const SLUG_MAX = 60;
/** Lower-case ASCII letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_RULE = `${String(SLUG_MIN)}–${String(SLUG_MAX)} lower-case letters and digits, words joined by single hyphens`;
export const SLUG_INVALID_MESSAGE = `Short address must be ${SLUG_RULE}`;
export const SLUG_TAKEN_MESSAGE = "This short address belongs to another program, now or in the past";

/** The short address's own path: `/r/{slug}` from the site's root. */
export const SHORT_ROTATION_PREFIX = "/r/";
export const shortRotationPath = (slug: string): string => `${SHORT_ROTATION_PREFIX}${slug}`;

/** Whether `value` is a well-formed slug (the length and the pattern). */
export const isSlug = (value: string): boolean => value.length >= SLUG_MIN && value.length <= SLUG_MAX && SLUG_PATTERN.test(value);

/**
 * What an admin sends in `PATCH /api/programs/{id}` `{ slug }`: well-formed, as it is (no lower-casing
 * on write). Text first (a lone surrogate is refused as in every text field), then one issue at most:
 * the length and the pattern are in the schema itself, so generated bodies and limit checks see them.
 */
export const slugField = textField(SLUG_INVALID_MESSAGE)
  .min(SLUG_MIN, { error: SLUG_INVALID_MESSAGE, abort: true })
  .max(SLUG_MAX, { error: SLUG_INVALID_MESSAGE, abort: true })
  .regex(SLUG_PATTERN, { error: SLUG_INVALID_MESSAGE });

/**
 * The slug a program's name gives, before any `-2` suffix: accents stripped, other characters dropped
 * (apostrophes) or turned into hyphens, cut at a word boundary to SLUG_MAX; null when fewer than
 * SLUG_MIN characters are left (the caller then uses `program-` and the id's first 8 characters).
 */
export function slugFromName(name: string): string | null {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) {
      // a first word longer than the limit is cut; later ones end the slug at the boundary before them
      if (!slug) slug = word.slice(0, SLUG_MAX);
      break;
    }
    slug = next;
  }
  return slug.length >= SLUG_MIN ? slug : null;
}

/** The slug of a program whose name gives fewer than SLUG_MIN characters: `program-` and the id's first 8. */
export const slugFromId = (programId: string): string =>
  `program-${programId
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "0")}`;

/**
 * `base`, or with `-2`, `-3`, … (the n-th candidate, n ≥ 1), cut so the whole stays within SLUG_MAX
 * and ends on a letter or digit.
 */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${String(n)}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
}
