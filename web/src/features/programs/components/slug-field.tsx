import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { isSlug, SLUG_MAX, SLUG_RULE } from "@hub/contract/slugs";
import type { FormFields } from "@/components/forms/index";
import { shortAddressPreview, slugInputError } from "../utils/short-address";

interface SlugFieldProps {
  form: FormFields<"slug">;
  /** The program's slug as saved; null until it is approved (or given one by the one-off job). */
  saved: string | null;
  approved: boolean;
  disabled?: boolean;
}

/**
 * The program's short address (`/r/{slug}`): the rule under the field, what is no slug flagged at each
 * key, and the address it makes shown beneath as it is typed. A program without a slug has none to edit.
 */
export function SlugField({ form, saved, approved, disabled = false }: SlugFieldProps) {
  const origin = window.location.origin;
  const value = form.values.slug;
  // the server's answer (409 SLUG_TAKEN) stays until the admin types again; the rule is checked at each key
  const error = form.errors.slug ?? slugInputError(value, saved);

  // nothing to edit yet: a note in place of the field (a disabled field's grey hint would be unreadable)
  if (saved === null) {
    return (
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          Short address
        </Typography>
        <Typography variant="body2">
          {approved ? "None yet: given by “Give Short Addresses” on the Programs tab" : "Given when the program is approved"}
        </Typography>
      </Box>
    );
  }

  return (
    <Stack spacing={0.5}>
      <TextField
        fullWidth
        label="Short address"
        value={value}
        disabled={disabled}
        onChange={(event) => form.set("slug", event.target.value)}
        error={Boolean(error)}
        helperText={error ?? SLUG_RULE}
        slotProps={{
          htmlInput: {
            maxLength: SLUG_MAX,
            autoCapitalize: "none",
            autoCorrect: "off",
            spellCheck: false,
          },
        }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ px: 1.75 }}>
        Address:{" "}
        {isSlug(value) ? (
          <Typography component="code" variant="body2" sx={{ fontFamily: "monospace", color: "text.primary", overflowWrap: "anywhere" }}>
            {shortAddressPreview(value, origin)}
          </Typography>
        ) : (
          "none until the short address follows the rule"
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 1.75, overflowWrap: "anywhere" }}>
        {value === saved
          ? "Addresses already shared keep working when you change it."
          : `Addresses already shared keep working: ${shortAddressPreview(saved, origin)} still leads here.`}
      </Typography>
    </Stack>
  );
}
