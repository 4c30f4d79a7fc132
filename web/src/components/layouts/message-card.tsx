import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { CenteredLayout } from "./centered-layout";

interface MessageCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** A way on (a button), under the text. */
  action?: ReactNode;
}

/** A page that is one message: an icon and a heading, a sentence, perhaps a way on. */
export function MessageCard({ icon, title, children, action }: MessageCardProps) {
  return (
    <CenteredLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: 4 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 2 }}>
            {icon}
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={action ? { mb: 3 } : undefined}>
            {children}
          </Typography>
          {action}
        </CardContent>
      </Card>
    </CenteredLayout>
  );
}
