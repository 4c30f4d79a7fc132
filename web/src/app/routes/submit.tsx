import Button from "@mui/material/Button";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import type { CurrentUser } from "@hub/contract/users";
import { PageLayout } from "@/components/layouts/index";
import { RequireSession } from "@/features/auth/components/require-session";
import { SubmitLinkForm } from "@/features/links/components/submit-link-form";
import { useCreateProgram } from "@/features/programs/api/create-program";
import { usePrograms } from "@/features/programs/api/get-programs";
import { usePageTitle } from "@/lib/use-page-title";

const LOGIN_REQUIRED = { title: "Login Required", description: "Please log in to submit referral links" } as const;

export default function SubmitRoute() {
  usePageTitle("Submit Referral Link");
  return (
    <RequireSession redirectTo="/" missingSessionToast={LOGIN_REQUIRED}>
      {(user) => (
        <PageLayout
          title="Submit Referral Link"
          actions={
            <Button component={RouterLink} to="/" variant="outlined">
              Back to Home
            </Button>
          }
        >
          <SubmitLink user={user} />
        </PageLayout>
      )}
    </RequireSession>
  );
}

// Composes the features: the links feature's submit form, with programs to pick from and to create.
function SubmitLink({ user }: { user: CurrentUser }) {
  const programs = usePrograms();
  // the form goes on to the link only once the program exists; a failure is toasted here
  const { mutateAsync: createProgram } = useCreateProgram({ error: "Failed to create program" });
  const [searchParams] = useSearchParams();
  return (
    <SubmitLinkForm
      user={user}
      programs={{ programs: programs.data, isLoading: programs.isPending, error: programs.error }}
      createProgram={createProgram}
      preselectedProgramId={searchParams.get("programId")}
    />
  );
}
