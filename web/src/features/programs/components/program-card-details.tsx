import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import CallMergeIcon from "@mui/icons-material/CallMerge";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PolicyOutlinedIcon from "@mui/icons-material/PolicyOutlined";
import { useId, type ReactNode } from "react";
import { distributionModeSchema, type Program } from "@hub/contract/programs";
import { ProgramRulesList } from "@/components/program-rules/index";
import { CopyRotationAddress } from "@/components/rotation-address/index";
import { useApproveProgram } from "../api/approve-program";
import { useSetDistributionMode } from "../api/set-distribution-mode";
import { useToggleProgramShared } from "../api/toggle-program-shared";
import { termsStatusText } from "../utils/terms";
import { localDateTime } from "@/lib/dates";

export type ProgramDialogAction = "edit" | "merge" | "delete" | "terms";

const MODE_HELP = {
  even: "Even: every active link gets equal traffic.",
  balanced: "Balanced: newer links get more traffic to catch up.",
} as const;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** What an open program card shows, and its actions. Mounted only while the card is open. */
export function ProgramCardDetails({
  program,
  onDialog,
}: {
  program: Program;
  onDialog: (action: ProgramDialogAction, program: Program) => void;
}) {
  // Approving or (un)sharing can filter this card out of the list, unmounting it before the request
  // settles: the toasts belong to the mutations, which outlive it.
  const approve = useApproveProgram({
    success: { title: "Program approved", description: `${program.name} is now visible to users` },
    error: "Failed to approve program",
  });
  const toggleShared = useToggleProgramShared({
    success: (_done, { isSharedOnSite }) => ({
      title: isSharedOnSite ? "Shared on site" : "No longer shared on site",
      description: isSharedOnSite
        ? `${program.name}'s links are shown on the site`
        : `${program.name}'s links are no longer shown on the site`,
    }),
    error: "Failed to change sharing",
  });
  const setMode = useSetDistributionMode({
    success: (_done, { mode }) => ({ title: "Distribution mode updated", description: MODE_HELP[mode] }),
    error: "Failed to change distribution mode",
  });
  const modeLabelId = useId();

  const handleApprove = () => approve.mutate({ id: program.id });
  const handleSharedChange = (isSharedOnSite: boolean) => toggleShared.mutate({ id: program.id, isSharedOnSite });
  const handleModeChange = (value: unknown) => {
    const parsed = distributionModeSchema.safeParse(value);
    if (!parsed.success || parsed.data === program.distributionMode) return;
    setMode.mutate({ id: program.id, mode: parsed.data });
  };

  return (
    <Stack spacing={2}>
      <Detail label="Description">
        <Typography variant="body2" sx={{ whiteSpace: "pre-line" }}>
          {program.description?.trim() || "No description"}
        </Typography>
      </Detail>
      <Detail label="Fallback URL">
        {program.fallbackUrl ? (
          <Link href={program.fallbackUrl} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ wordBreak: "break-all" }}>
            {program.fallbackUrl}
          </Link>
        ) : (
          <Typography variant="body2">None</Typography>
        )}
      </Detail>
      <Detail label="Rules">
        <ProgramRulesList program={program} showUnset />
      </Detail>
      {program.terms ? (
        <Detail label="Terms watch">
          <Typography variant="body2">{termsStatusText(program.terms, (iso) => localDateTime(iso) ?? iso)}</Typography>
        </Detail>
      ) : null}
      <Detail label="Rotation address">
        <CopyRotationAddress redirectUrl={program.redirectUrl} />
      </Detail>

      <Divider />

      <Stack direction={{ xs: "column", md: "row" }} spacing={3} sx={{ alignItems: { md: "center" } }}>
        <FormControlLabel
          control={
            <Switch
              checked={program.isSharedOnSite}
              disabled={toggleShared.isPending}
              onChange={(_, checked) => handleSharedChange(checked)}
            />
          }
          label="Shared on site"
        />
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography id={modeLabelId} variant="body2">
              Distribution mode
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={program.distributionMode}
              disabled={setMode.isPending}
              onChange={(_, value: unknown) => handleModeChange(value)}
              aria-labelledby={modeLabelId}
            >
              <ToggleButton value="even">Even</ToggleButton>
              <ToggleButton value="balanced">Balanced</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {MODE_HELP.even} {MODE_HELP.balanced}
          </Typography>
        </Box>
      </Stack>

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {!program.approved ? (
          <Button variant="contained" color="success" loading={approve.isPending} onClick={handleApprove}>
            Approve
          </Button>
        ) : null}
        <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => onDialog("edit", program)}>
          Edit
        </Button>
        {program.terms ? (
          <Button
            variant={program.terms.status === "watching" ? "outlined" : "contained"}
            color={program.terms.status === "watching" ? "primary" : "warning"}
            startIcon={<PolicyOutlinedIcon />}
            onClick={() => onDialog("terms", program)}
          >
            Terms
          </Button>
        ) : null}
        <Button variant="outlined" startIcon={<CallMergeIcon />} onClick={() => onDialog("merge", program)}>
          Merge into…
        </Button>
        <Button variant="outlined" color="error" onClick={() => onDialog("delete", program)}>
          Delete
        </Button>
      </Stack>
    </Stack>
  );
}
