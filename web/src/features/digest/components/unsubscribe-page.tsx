import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { useSearchParams } from "react-router-dom";
import { CenteredLayout } from "@/components/layouts/index";
import { errorText } from "@/lib/error-text";
import { useUnsubscribe } from "../api/unsubscribe";

/**
 * /unsubscribe?token= – the digest's unsubscribe link, signed out. Opening it changes nothing (mail
 * scanners follow links); the button does. Mail clients use the List-Unsubscribe header instead.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const { mutate, isPending, isSuccess, error } = useUnsubscribe();
  return (
    <CenteredLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Weekly digest
          </Typography>
          {isSuccess ? (
            <Alert severity="success" sx={{ mt: 3 }} role="status">
              You are unsubscribed: no more weekly digest e-mails. You can turn it back on from your dashboard.
            </Alert>
          ) : (
            <>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                Stop the Monday e-mail of last week&apos;s visits, outcomes and what needs your attention.
              </Typography>
              {error ? (
                <Alert severity="error" sx={{ mt: 3 }}>
                  {errorText(error)}
                </Alert>
              ) : null}
              <Button
                variant="contained"
                sx={{ mt: 3 }}
                disabled={isPending || token === ""}
                onClick={() => {
                  mutate(token);
                }}
              >
                Unsubscribe from the weekly digest
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
