import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import { useMemo, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ReferralLink } from "@hub/contract/links";
import type { CurrentUser } from "@hub/contract/users";
import { PageLayout } from "@/components/layouts/index";
import { phoneTouchTargets } from "@/components/responsive/index";
import { useOwnLinks, useTakenProgramIds } from "../api/get-own-links";
import { DeleteLinkDialog } from "./delete-link-dialog";
import { EarningsSection } from "./earnings-section";
import { EditLinkDialog } from "./edit-link-dialog";
import { LinkCard } from "./link-card";
import { LinksSkeleton, NoLinks } from "./links-placeholder";
import { NewLinkDialog, type ProgramsState } from "./new-link-dialog";
import type { LinkProgramRules } from "./own-link-availability";
import { RecordOutcomeDialog } from "./record-outcome-dialog";
import { SnoozeLinkDialog } from "./snooze-link-dialog";

interface MemberDashboardProps {
  user: CurrentUser;
  logoutAction: ReactNode;
  /** 'Back to Admin' (from the auth feature): renders itself only for an admin who came through 'Log in as user'. */
  adminReturnAction?: ReactNode;
  /** The active announcement (from the announcements feature). */
  announcement: ReactNode;
  /** Programs for the 'Submit New Link' picker (from the programs feature). */
  programs: ProgramsState;
  /** Each link's visits against an equal share of its program's (from the analytics feature). */
  linkStats?: ReactNode;
  /** The member's settings (the weekly digest switch, from the digest feature). */
  settings?: ReactNode;
  /** The member's own tier and weight, under their e-mail (from the tiers feature). */
  tier?: ReactNode;
}

/** /dashboard – the member's own links, and what they earned. */
export function MemberDashboard({
  user,
  logoutAction,
  adminReturnAction,
  announcement,
  programs,
  linkStats,
  settings,
  tier,
}: MemberDashboardProps) {
  const linksQuery = useOwnLinks();
  const links = linksQuery.data;
  const takenProgramIds = useTakenProgramIds();

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ReferralLink | null>(null);
  const [deleting, setDeleting] = useState<ReferralLink | null>(null);
  const [recording, setRecording] = useState<ReferralLink | null>(null);
  const [snoozing, setSnoozing] = useState<ReferralLink | null>(null);
  // Each link's program rules: the link answer has its cap state, the program the cap's period and the offer's end.
  const programRules = useMemo(
    () => new Map<string, LinkProgramRules>((programs.programs ?? []).map((program) => [program.id, program])),
    [programs.programs],
  );

  return (
    <PageLayout
      title="My Referral Links"
      // on a phone every button of the page is a fingertip's size (the dialogs see to their own)
      sx={phoneTouchTargets}
      subtitle={
        <>
          <span data-testid="session-email">{user.email}</span>
          {tier}
        </>
      }
      actions={
        <>
          {adminReturnAction}
          <Button component={RouterLink} to="/programs" variant="outlined">
            Referral Programs
          </Button>
          {logoutAction}
        </>
      }
    >
      <Stack spacing={3}>
        {announcement}
        {user.approved ? null : (
          <Alert severity="warning">
            <AlertTitle>Membership Verification in Progress</AlertTitle>
            An administrator is reviewing your membership. You can already submit links; an administrator reviews each one before it is
            shown.
          </Alert>
        )}
        <section aria-labelledby="your-links-heading">
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: "center", justifyContent: "space-between", mb: 2, flexWrap: "wrap" }}
            useFlexGap
          >
            <Typography id="your-links-heading" variant="h5" component="h2" sx={{ fontWeight: 600 }}>
              Your Links ({links?.length ?? 0})
            </Typography>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => {
                setCreating(true);
              }}
            >
              Submit New Link
            </Button>
          </Stack>
          <LinksContent
            query={linksQuery}
            programRules={programRules}
            onEdit={setEditing}
            onDelete={setDeleting}
            onRecordOutcome={setRecording}
            onSnooze={setSnoozing}
          />
        </section>
        <EarningsSection />
        {linkStats}
        {settings}
      </Stack>
      <NewLinkDialog
        open={creating}
        onClose={() => {
          setCreating(false);
        }}
        takenProgramIds={takenProgramIds}
        {...programs}
      />
      <EditLinkDialog
        audience="own"
        link={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <DeleteLinkDialog
        audience="own"
        link={deleting}
        onClose={() => {
          setDeleting(null);
        }}
      />
      <RecordOutcomeDialog
        link={recording}
        onClose={() => {
          setRecording(null);
        }}
      />
      <SnoozeLinkDialog
        link={snoozing}
        onClose={() => {
          setSnoozing(null);
        }}
      />
    </PageLayout>
  );
}

interface LinksContentProps {
  query: ReturnType<typeof useOwnLinks>;
  programRules: ReadonlyMap<string, LinkProgramRules>;
  onEdit: (link: ReferralLink) => void;
  onDelete: (link: ReferralLink) => void;
  onRecordOutcome: (link: ReferralLink) => void;
  onSnooze: (link: ReferralLink) => void;
}

function LinksContent({ query, programRules, ...actions }: LinksContentProps) {
  if (query.isPending) return <LinksSkeleton />;
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        Your links could not be loaded: {query.error.message}
      </Alert>
    );
  }
  if (query.data.length === 0) return <NoLinks />;
  return (
    <Stack spacing={2}>
      {query.data.map((link) => (
        <LinkCard key={link.id} link={link} program={programRules.get(link.programId)} {...actions} />
      ))}
    </Stack>
  );
}
