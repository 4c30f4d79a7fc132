import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import NetworkCheckIcon from "@mui/icons-material/NetworkCheck";
import PostAddIcon from "@mui/icons-material/PostAdd";
import SnoozeIcon from "@mui/icons-material/Snooze";
import type { ReferralLink } from "@hub/contract/links";
import { useEndOwnLinkSnooze } from "../api/snooze-own-link";
import { useTestOwnLink } from "../api/test-own-link";
import { LinkStatusChip } from "./link-status-chip";
import { OwnLinkAvailability, type LinkProgramRules } from "./own-link-availability";
import { LinkTestOutcome, OwnLinkHealth } from "./own-link-health";

interface LinkCardProps {
  link: ReferralLink;
  /** Its program's rules (cap period, offer end), from the program list; undefined while it loads. */
  program: LinkProgramRules | undefined;
  onEdit: (link: ReferralLink) => void;
  onDelete: (link: ReferralLink) => void;
  onRecordOutcome: (link: ReferralLink) => void;
  onSnooze: (link: ReferralLink) => void;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : date.toLocaleDateString();
}

/**
 * One of the member's links: program, URL, offer details, status, cap or snooze, health, clicks,
 * submitted date; 'Test now', 'Record outcome', 'Snooze'.
 */
export function LinkCard({ link, program, onEdit, onDelete, onRecordOutcome, onSnooze }: LinkCardProps) {
  const headingId = `link-${link.id}-program`;
  const failing = link.health.status === "failing";
  const test = useTestOwnLink();
  const endSnooze = useEndOwnLinkSnooze({
    success: (_done, { programName }) => ({ title: "Snooze ended", description: `Your link for ${programName} is no longer snoozed.` }),
    error: "Could not end the snooze",
  });
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h3" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            {link.programName}
          </Typography>
          <LinkStatusChip link={link} />
        </Stack>
        <Link href={link.link} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: "anywhere" }}>
          {link.link}
        </Link>
        <Typography sx={{ mt: 1.5, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{link.description}</Typography>
        {link.isDead ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            <AlertTitle>This link was marked dead</AlertTitle>
            {link.deadNote ? (
              <Typography variant="body2" sx={{ whiteSpace: "pre-line" }}>
                Note: {link.deadNote}
              </Typography>
            ) : null}
            <Typography variant="body2">Edit it to update the link and send it back for review.</Typography>
          </Alert>
        ) : null}
        <OwnLinkAvailability
          link={link}
          program={program}
          endingSnooze={endSnooze.isPending}
          onEndSnooze={() => {
            endSnooze.mutate({ id: link.id, programName: link.programName });
          }}
        />
        <OwnLinkHealth health={link.health} />
        <Stack direction="row" spacing={3} useFlexGap sx={{ mt: 2, color: "text.secondary", flexWrap: "wrap", rowGap: 0.5 }}>
          <Typography variant="body2">Clicks: {link.visitCount}</Typography>
          <Typography variant="body2">Submitted: {formatDate(link.submittedAt)}</Typography>
        </Stack>
        <LinkTestOutcome test={test.data} error={test.error} onDismiss={test.reset} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: "wrap", gap: 1, "& > :not(style) ~ :not(style)": { ml: 0 } }}>
        <Button
          size="small"
          variant={link.isDead ? "contained" : "outlined"}
          startIcon={<EditOutlinedIcon />}
          aria-label={`Edit link for ${link.programName}`}
          onClick={() => {
            onEdit(link);
          }}
        >
          Edit
        </Button>
        <Button
          size="small"
          variant={failing ? "contained" : "outlined"}
          startIcon={<NetworkCheckIcon />}
          loading={test.isPending}
          loadingPosition="start"
          aria-label={`Test now: ${link.programName}`}
          onClick={() => {
            test.mutate({ id: link.id });
          }}
        >
          Test now
        </Button>
        {/* outcomes are recorded on approved links only (the API answers 409 LINK_NOT_APPROVED) */}
        {link.approved ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<PostAddIcon />}
            aria-label={`Record outcome for ${link.programName}`}
            onClick={() => {
              onRecordOutcome(link);
            }}
          >
            Record outcome
          </Button>
        ) : null}
        {link.snoozedUntil ? null : (
          <Button
            size="small"
            variant="outlined"
            startIcon={<SnoozeIcon />}
            aria-label={`Snooze link for ${link.programName}`}
            onClick={() => {
              onSnooze(link);
            }}
          >
            Snooze
          </Button>
        )}
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          aria-label={`Delete link for ${link.programName}`}
          onClick={() => {
            onDelete(link);
          }}
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
