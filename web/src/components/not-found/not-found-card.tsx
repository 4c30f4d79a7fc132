import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { CenteredLayout } from "../layouts/index";

export function NotFoundCard() {
  return (
    <CenteredLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: 4 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 2 }}>
            <ErrorOutlineIcon color="error" aria-hidden />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              404 Page Not Found
            </Typography>
          </Stack>
          <Typography color="text.secondary">Did you forget to add the page to the router?</Typography>
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
