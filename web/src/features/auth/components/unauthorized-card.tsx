import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Link as RouterLink } from "react-router-dom";
import { CenteredLayout } from "@/components/layouts/index";

export function UnauthorizedCard() {
  return (
    <CenteredLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: 4 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 2 }}>
            <LockOutlinedIcon color="error" aria-hidden />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              Unauthorized Access
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            You must be an administrator to access this page.
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            Return Home
          </Button>
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
