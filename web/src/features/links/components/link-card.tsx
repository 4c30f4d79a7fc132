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
import type { ReferralLink } from "@hub/contract/links";
import { useTestOwnLink } from "../api/test-own-link";
import { LinkStatusChip } from "./link-status-chip";
import { LinkTestOutcome, OwnLinkHealth } from "./own-link-health";

interface LinkCardProps {
  link: ReferralLink;
  onEdit: (link: ReferralLink) => void;
  onDelete: (link: ReferralLink) => void;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : date.toLocaleDateString();
}

/** One of the member's links: program, URL, offer details, status, health, clicks, submitted date; 'Test now'. */
export function LinkCard({ link, onEdit, onDelete }: LinkCardProps) {
  const headingId = `link-${link.id}-program`;
  const failing = link.health.status === "failing";
  const test = useTestOwnLink();
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
        <OwnLinkHealth health={link.health} />
        <Stack direction="row" spacing={3} sx={{ mt: 2, color: "text.secondary" }}>
          <Typography variant="body2">Clicks: {link.visitCount}</Typography>
          <Typography variant="body2">Submitted: {formatDate(link.submittedAt)}</Typography>
        </Stack>
        <LinkTestOutcome test={test.data} error={test.error} onDismiss={test.reset} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
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
