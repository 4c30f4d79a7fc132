import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { CenteredLayout } from "@/components/layouts/index";

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card's content (e.g. to the other login). */
  footer?: ReactNode;
}

/** The frame shared by the login pages. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <CenteredLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {subtitle}
            </Typography>
          ) : null}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </CardContent>
      </Card>
      {footer ? <Box sx={{ mt: 2, textAlign: "center" }}>{footer}</Box> : null}
    </CenteredLayout>
  );
}
