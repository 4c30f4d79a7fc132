import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRouteError } from "react-router-dom";
import { CenteredLayout } from "../layouts/index";

/** Shown when a page fails to render or its code fails to load (e.g. after a new deploy). */
export function RouteErrorFallback() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);

  return (
    <CenteredLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            Something went wrong
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            The page could not be shown. Reloading usually helps.
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => {
                window.location.reload();
              }}>
              Reload
            </Button>
            <Button href="/">Go Home</Button>
          </Stack>
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
